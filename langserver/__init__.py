"""The cardsmith language server (``cardsmith lsp``): analysis of documents and the LSP wiring."""
