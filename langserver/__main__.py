"""``python -m langserver``: run the language server on stdio."""
from .server import serve

serve()
