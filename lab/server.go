package lab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat"
)

// MaxInput is the largest input the lab takes, pasted, uploaded or
// generated.
const MaxInput = 1 << 20

// DefaultNodes is the budget of nodes kept of a search's tree when
// Config gives none: enough for an overview of any search, little enough
// for the page to draw in a frame.
const DefaultNodes = 20000

// Config says how a Server runs.
type Config struct {
	// Addr is the address served, host:port, against which the Host and
	// Origin of every request are checked; "" checks nothing, for a
	// Server called in process (the WebAssembly build).
	Addr string
	// Jobs bounds the searches that run at once, over all pages; 0 is 1.
	Jobs int
	// Nodes is the budget of nodes kept of each tree; 0 is DefaultNodes.
	Nodes int
	// Memory is shared by the searches that run at once.
	Memory *puzzlesat.Memory
	// Engine says what runs the searches, shown on the page: "server"
	// for the binary, "wasm" for the module in the browser.
	Engine string
	// Every, when set, is called now and then from a running search (the
	// WebAssembly build yields there, so that timers fire).
	Every func()
}

// Server is the lab's HTTP handler.
type Server struct {
	conf  Config
	mux   *http.ServeMux
	slots chan struct{} // a token per search that may run

	mu    sync.Mutex
	runs  map[string]*run // by id
	order []string        // ids, oldest first, for eviction
	pages map[string]*run // the run going on for each page
	seq   int
}

// maxRuns is the most finished runs kept, with their trees, for the
// pages to fetch and compare.
const maxRuns = 16

// New returns a Server.
func New(c Config) *Server {
	c.Jobs = max(c.Jobs, 1)
	if c.Nodes <= 0 {
		c.Nodes = DefaultNodes
	}
	if c.Engine == "" {
		c.Engine = "server"
	}
	s := &Server{conf: c, mux: http.NewServeMux(), slots: make(chan struct{}, c.Jobs),
		runs: map[string]*run{}, pages: map[string]*run{}}
	s.routes()
	return s
}

func (s *Server) routes() {
	s.mux.Handle("GET /", pageHandler())
	s.mux.HandleFunc("GET /api/kinds", s.kinds)
	s.mux.HandleFunc("GET /api/sample", s.sample)
	s.mux.HandleFunc("POST /api/gen", s.gen)
	s.mux.HandleFunc("POST /api/switches", s.switches)
	s.mux.HandleFunc("POST /api/run", s.start)
	s.mux.HandleFunc("GET /api/runs/{id}", s.status)
	s.mux.HandleFunc("GET /api/runs/{id}/tree", s.tree)
	s.mux.HandleFunc("POST /api/stop", s.stop)
	s.mux.HandleFunc("GET /api/compare", s.compare)
}

// ServeHTTP answers r, once its Host and Origin are the Server's own.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := s.guard(r); err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// guard refuses a request whose Host is not an address of the Server,
// as a page of another site that rebinds its name to loopback would
// send, or whose Origin is another site's.
func (s *Server) guard(r *http.Request) error {
	if s.conf.Addr == "" {
		return nil
	}
	if !s.hostAllowed(r.Host) {
		return fmt.Errorf("refused: Host %q is not the lab's address %s", r.Host, s.conf.Addr)
	}
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
		return fmt.Errorf("refused: Origin %q is not the lab's", o)
	}
	return nil
}

// hostAllowed reports whether host (host:port) names the Server: the
// address it serves, or, where it serves loopback or every address,
// localhost and any IP literal on its port. A DNS rebinding attack needs
// a name of its own, which is never among these.
func (s *Server) hostAllowed(host string) bool {
	if host == s.conf.Addr {
		return true
	}
	h, port, err := net.SplitHostPort(host)
	if err != nil {
		return false
	}
	sh, sport, err := net.SplitHostPort(s.conf.Addr)
	if err != nil || port != sport {
		return false
	}
	bound := net.ParseIP(sh)
	wide := bound != nil && bound.IsUnspecified()
	loop := sh == "localhost" || (bound != nil && bound.IsLoopback())
	ip := net.ParseIP(strings.Trim(h, "[]"))
	switch {
	case h == sh:
		return true
	case h == "localhost":
		return loop || wide
	case ip != nil && ip.IsLoopback():
		return loop || wide
	case ip != nil:
		return wide
	}
	return false
}

// apiError is an error the page shows as it is, with its status.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &apiError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// reply writes v as JSON, or err as {"error": ...} with its status.
func reply(w http.ResponseWriter, v any, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if err != nil {
		status := http.StatusInternalServerError
		var ae *apiError
		var mb *http.MaxBytesError
		switch {
		case errors.As(err, &ae):
			status = ae.status
		case errors.As(err, &mb):
			status, err = http.StatusRequestEntityTooLarge, tooLarge(mb.Limit)
		case errors.Is(err, context.Canceled):
			status = http.StatusConflict
		}
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
		return
	}
	json.NewEncoder(w).Encode(v)
}

// tooLarge says that an input is over the lab's bound.
func tooLarge(int64) error {
	return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the input is larger than %d KB, the most the lab takes; solve it with puzzlesat solve", MaxInput>>10)}
}

// decode reads the JSON body of r into v, within the bound of an input
// and what travels with it.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, MaxInput+64<<10)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		return badRequest("bad request: %v", err)
	}
	return nil
}
