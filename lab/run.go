package lab

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/lab/tree"
)

// runRequest asks for a search of one instance: its input (pasted or
// uploaded text, a sample by name, or a generated one), the case among
// the input's instances, and the switches.
type runRequest struct {
	Page     string      `json:"page"`   // the page asking: one search at a time each
	Kind     string      `json:"kind"`   //
	Input    string      `json:"input"`  // pasted or uploaded text
	Name     string      `json:"name"`   // the uploaded file's name, for messages only
	Sample   string      `json:"sample"` // a sample's name, as Samples lists it
	Gen      *genRequest `json:"gen"`    // a generated instance
	Case     int         `json:"case"`   // 1-based; 0 is 1
	DFS      string      `json:"dfs"`
	Encoding string      `json:"encoding"`
	Backend  string      `json:"backend"` // dfs, sat or both; "" is dfs
	Timeout  float64     `json:"timeout"` // seconds; 0 for none
	Ablate   bool        `json:"ablate"`  // every pruning off in turn, as compare --ablate
}

// run is one search, or one ablation, going on or done.
type run struct {
	id   string
	req  runRequest
	kind puzzlesat.Kind
	prob kind.Instance
	opts puzzlesat.Options
	rec  *tree.Recorder

	cancel context.CancelCauseFunc
	done   chan struct{}

	mu       sync.Mutex
	state    string // queued, running, done, stopped, failed
	answer   *puzzlesat.Answer
	stats    puzzlesat.Stats
	err      error
	tree     *tree.Tree
	focused  map[string]*tree.Tree // trees re-recorded with a focus, by focus
	ablation []ablationRow
	cancelAt int64 // the decisions when Stop cancelled, -1 before
	started  time.Time
}

// errStopped is the cause of a search that the page stopped.
var errStopped = errors.New("stopped")

// pageID reports whether s has the form of a page's name for itself:
// 1 to 64 of A-Z, a-z, 0-9, _ and -. (A regular expression of it took
// every run of the command 0.3 ms and 860 allocations to compile.)
func pageID(s string) bool {
	if len(s) < 1 || len(s) > 64 {
		return false
	}
	for i := range len(s) {
		switch c := s[i]; {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// start answers POST /api/run: it reads the instance and starts its
// search, which runs while the page asks for its status.
func (s *Server) start(w http.ResponseWriter, r *http.Request) {
	var req runRequest
	if err := decode(w, r, &req); err != nil {
		reply(w, nil, err)
		return
	}
	rn, err := s.newRun(req)
	if err != nil {
		reply(w, nil, err)
		return
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	rn.cancel = cancel
	if err := s.claim(rn); err != nil {
		cancel(nil)
		reply(w, nil, err)
		return
	}
	go s.execute(ctx, rn)
	reply(w, map[string]string{"id": rn.id}, nil)
}

// newRun checks req and reads its instance.
func (s *Server) newRun(req runRequest) (*run, error) {
	if !pageID(req.Page) {
		return nil, badRequest("bad page id %q", req.Page)
	}
	k, err := lookup(req.Kind)
	if err != nil {
		return nil, err
	}
	opts, err := options(k, req)
	if err != nil {
		return nil, err
	}
	opts.Memory = s.conf.Memory
	p, err := instance(k, req)
	if err != nil {
		return nil, err
	}
	rn := &run{req: req, kind: k, prob: p, opts: opts, done: make(chan struct{}), state: "queued", cancelAt: -1}
	rn.rec = s.recorder(rn, nil)
	return rn, nil
}

// options returns the library's options for req, checked.
func options(k puzzlesat.Kind, req runRequest) (puzzlesat.Options, error) {
	o := puzzlesat.Options{CountCuts: true} // the page shows the counts
	switch req.Backend {
	case "", "dfs":
		o.Backend = puzzlesat.DFS
	case "sat":
		o.Backend = puzzlesat.SAT
	case "both":
		o.Backend = puzzlesat.Both
	default:
		return o, badRequest("unknown backend %q: want dfs, sat or both", req.Backend)
	}
	if req.Timeout < 0 || req.Timeout > 24*3600 {
		return o, badRequest("time limit %g s: want 0 (none) to a day", req.Timeout)
	}
	o.Timeout = time.Duration(req.Timeout * float64(time.Second))
	o.Prunings, o.Encoding = req.DFS, req.Encoding
	if _, err := k.Check(o); err != nil {
		return o, badRequest("%v", err)
	}
	return o, nil
}

// instance reads the instance req names: its case of the input, the
// sample or the generated text. A parse error reads as the command
// prints it, with the file's name and the line.
func instance(k puzzlesat.Kind, req runRequest) (kind.Instance, error) {
	var text, name string
	switch {
	case req.Sample != "":
		b, err := k.Sample(req.Sample)
		if err != nil {
			return nil, badRequest("%v", err)
		}
		text, name = string(b), req.Sample
	case req.Gen != nil:
		rng := rand.New(rand.NewPCG(req.Gen.Seed, req.Gen.Seed^0x9e3779b97f4a7c15))
		p, err := k.Generate(rng, req.Gen.Params)
		if err != nil {
			return nil, badRequest("gen %s: %v", k.Name(), err)
		}
		text, name = p.String()+genTrailer(k), "generated"
	default:
		text, name = req.Input, cleanName(req.Name)
	}
	if len(text) > MaxInput {
		return nil, tooLarge(int64(len(text)))
	}
	want := max(req.Case, 1)
	var got kind.Instance
	n := 0
	errEnough := errors.New("enough")
	err := k.Scan(name, strings.NewReader(text), kind.ScanOptions{}, func(p kind.Instance) error {
		n++
		if n == want {
			got = p
			return errEnough
		}
		return nil
	})
	switch {
	case errors.Is(err, errEnough):
		return got, nil
	case err != nil:
		return nil, badRequest("%v", err)
	}
	return nil, badRequest("%s holds %d instances; there is no case %d", name, n, want)
}

// cleanName returns the name of an uploaded file as messages show it:
// its last element, or "input" for pasted text.
func cleanName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if name == "" || len(name) > 100 {
		return "input"
	}
	return name
}

// claim registers rn as its page's search, unless the page has one
// going on.
func (s *Server) claim(rn *run) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur := s.pages[rn.req.Page]; cur != nil {
		return &apiError{http.StatusConflict, "a search is running on this page; stop it first"}
	}
	s.seq++
	rn.id = "r" + strconv.Itoa(s.seq)
	s.pages[rn.req.Page] = rn
	s.runs[rn.id] = rn
	s.order = append(s.order, rn.id)
	for len(s.order) > maxRuns {
		old := s.runs[s.order[0]]
		if old != nil && s.pages[old.req.Page] == old {
			break // never evict a run going on
		}
		delete(s.runs, s.order[0])
		s.order = s.order[1:]
	}
	return nil
}

// recorder returns a recorder of rn's tree, of the whole search or of
// the decision at focus.
func (s *Server) recorder(rn *run, focus []int32) *tree.Recorder {
	rec := tree.New(s.conf.Nodes, len(rn.kind.Searches()[0].Prunings), title(rn.prob), focus)
	rec.Every = s.conf.Every
	return rec
}

// title returns an instance on one line, cut to 80 characters.
func title(p kind.Instance) string {
	t := strings.Join(strings.Fields(p.String()), " ")
	if r := []rune(t); len(r) > 80 {
		t = string(r[:79]) + "…"
	}
	return t
}

// execute runs rn once a slot is free, and records what it found.
func (s *Server) execute(ctx context.Context, rn *run) {
	defer func() {
		s.mu.Lock()
		if s.pages[rn.req.Page] == rn {
			delete(s.pages, rn.req.Page)
		}
		s.mu.Unlock()
		rn.cancel(nil)
		close(rn.done)
	}()
	select {
	case s.slots <- struct{}{}:
	case <-ctx.Done():
		rn.finish(nil, puzzlesat.Stats{}, context.Cause(ctx), nil)
		return
	}
	defer func() { <-s.slots }()
	rn.mu.Lock()
	rn.state, rn.started = "running", time.Now()
	rn.mu.Unlock()
	if rn.req.Ablate {
		rows, err := s.ablate(ctx, rn)
		rn.mu.Lock()
		rn.ablation = rows
		rn.mu.Unlock()
		rn.finish(nil, puzzlesat.Stats{}, err, nil)
		return
	}
	o := rn.opts
	if o.Backend != puzzlesat.SAT {
		o.Tree = rn.rec
	}
	a, st, err := rn.kind.Solve(ctx, rn.prob, o)
	rn.rec.Finish()
	var t *tree.Tree
	if rn.opts.Backend != puzzlesat.SAT {
		t = rn.rec.Tree()
	}
	if err == nil {
		rn.finish(&a, st, nil, t)
		return
	}
	if context.Cause(ctx) == errStopped {
		err = errStopped
	}
	rn.finish(nil, st, err, t)
}

// finish records how rn ended.
func (rn *run) finish(a *puzzlesat.Answer, st puzzlesat.Stats, err error, t *tree.Tree) {
	rn.mu.Lock()
	defer rn.mu.Unlock()
	rn.answer, rn.stats, rn.err, rn.tree = a, st, err, t
	switch {
	case errors.Is(err, errStopped):
		rn.state = "stopped"
	case err != nil && !errors.Is(err, puzzlesat.ErrNoSolution):
		rn.state = "failed"
	default:
		rn.state = "done"
	}
}

// get returns the run of the request's id.
func (s *Server) get(r *http.Request) (*run, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rn := s.runs[r.PathValue("id")]
	if rn == nil {
		return nil, &apiError{http.StatusNotFound, fmt.Sprintf("no run %q (the lab keeps the last %d)", r.PathValue("id"), maxRuns)}
	}
	return rn, nil
}

// status answers GET /api/runs/{id}: how the run stands, with its answer
// and figures once done. With wait=1 it waits until the run ends, a
// second at most, so that the page asks less often.
func (s *Server) status(w http.ResponseWriter, r *http.Request) {
	rn, err := s.get(r)
	if err != nil {
		reply(w, nil, err)
		return
	}
	if r.FormValue("wait") != "" {
		t := time.NewTimer(time.Second)
		select {
		case <-rn.done:
		case <-t.C:
		case <-r.Context().Done():
		}
		t.Stop()
	}
	reply(w, rn.view(), nil)
}

// stop answers POST /api/stop {"page": ID}: it cancels the page's search
// and returns once the search has ended, with the decisions made when it
// was cancelled and when it ended.
func (s *Server) stop(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Page string `json:"page"`
	}
	if err := decode(w, r, &req); err != nil {
		reply(w, nil, err)
		return
	}
	s.mu.Lock()
	rn := s.pages[req.Page]
	s.mu.Unlock()
	if rn == nil {
		reply(w, map[string]any{"stopped": false}, nil)
		return
	}
	rn.mu.Lock()
	rn.cancelAt = rn.rec.Decisions()
	rn.mu.Unlock()
	rn.cancel(errStopped)
	select {
	case <-rn.done:
	case <-r.Context().Done():
	}
	v := rn.view()
	reply(w, map[string]any{"stopped": true, "id": rn.id, "cancelAt": v.CancelAt, "decisions": v.Decisions, "state": v.State}, nil)
}
