//go:build js && wasm

// Command wasm is the lab built for the browser (GOOS=js GOARCH=wasm):
// the same Server as puzzlesat lab serves, called by the page's Web
// Worker through labRequest(method, url, body), which returns a promise
// of [status, body]. scripts/lab-static builds it with the page.
package main

import (
	"bytes"
	"net/http"
	"runtime"
	"strings"
	"syscall/js"

	"github.com/puzzlesat/puzzlesat/lab"
)

func main() {
	// Timers fire only when the module yields, so a search yields every
	// few thousand events: its time limit then holds.
	s := lab.New(lab.Config{Engine: "wasm", Every: runtime.Gosched})
	js.Global().Set("labRequest", js.FuncOf(func(_ js.Value, args []js.Value) any {
		method, url, body := args[0].String(), args[1].String(), args[2].String()
		return promise(func() (int, string) { return serve(s, method, url, body) })
	}))
	js.Global().Call("labReady")
	select {}
}

// serve answers one request in process.
func serve(h http.Handler, method, url, body string) (int, string) {
	req, err := http.NewRequest(method, "/"+strings.TrimPrefix(url, "/"), strings.NewReader(body))
	if err != nil {
		return http.StatusBadRequest, `{"error":"bad request"}`
	}
	w := &recorder{header: http.Header{}, status: http.StatusOK}
	h.ServeHTTP(w, req)
	return w.status, w.body.String()
}

// promise returns a JavaScript promise of what f returns, run on a
// goroutine of its own: a call from JavaScript must not block.
func promise(f func() (int, string)) js.Value {
	var exec js.Func
	exec = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve := args[0]
		go func() {
			status, body := f()
			resolve.Invoke(js.ValueOf([]any{status, body}))
			exec.Release()
		}()
		return nil
	})
	return js.Global().Get("Promise").New(exec)
}

// recorder is the ResponseWriter of one request answered in process.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.body.Write(b)
}

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
}
