package lab

import (
	"embed"
	"io/fs"
	"net/http"
)

// page holds the page: plain HTML, CSS and JavaScript, with no build step.
//
//go:embed page
var page embed.FS

// Page returns the page's files: index.html, its script and style, and
// the Web Worker that runs the WebAssembly module in a static build.
func Page() fs.FS {
	sub, _ := fs.Sub(page, "page")
	return sub
}

// pageHandler serves the page.
func pageHandler() http.Handler {
	files := http.FileServerFS(Page())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self'; script-src 'self' 'wasm-unsafe-eval'")
		files.ServeHTTP(w, r)
	})
}
