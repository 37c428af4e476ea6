package lab

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/lab/tree"
)

// runView is what the page sees of a run.
type runView struct {
	ID        string        `json:"id"`
	Kind      string        `json:"kind"`
	State     string        `json:"state"`
	Error     string        `json:"error,omitempty"`
	NoAnswer  bool          `json:"noAnswer,omitempty"` // the instance has no solution
	Title     string        `json:"title"`
	Switches  string        `json:"switches"` // --dfs, canonical
	Encoding  string        `json:"encoding"`
	Backend   string        `json:"backend"`
	Decisions int64         `json:"decisions"` // recorded so far
	CancelAt  int64         `json:"cancelAt"`  // the decisions when Stop cancelled, -1 for none
	Elapsed   float64       `json:"elapsed"`   // seconds since it started
	Answer    *answerView   `json:"answer,omitempty"`
	Stats     *statsView    `json:"stats,omitempty"`
	Tree      *treeSummary  `json:"tree,omitempty"`
	Ablation  []ablationRow `json:"ablation,omitempty"`
}

type answerView struct {
	Text        string       `json:"text"`
	Certificate string       `json:"certificate,omitempty"`
	Verified    bool         `json:"verified"` // it passed the puzzle's Verify, as every answer returned does
	Picture     kind.Picture `json:"picture"`
}

// statsView is Stats as the page shows it: per backend.
type statsView struct {
	Parts []backendStats `json:"parts"`
}

type backendStats struct {
	Backend   string          `json:"backend"`
	Seconds   float64         `json:"seconds"`
	Nodes     int64           `json:"nodes"`
	Cuts      []puzzlesat.Cut `json:"cuts"`
	Vars      int             `json:"vars"`
	Clauses   int             `json:"clauses"`
	Solves    int             `json:"solves"`
	Conflicts int64           `json:"conflicts"`
	Decisions int64           `json:"decisions"`
	Winner    string          `json:"winner,omitempty"`
	Text      string          `json:"text"` // as --stats prints it
}

type treeSummary struct {
	Decisions int64 `json:"decisions"`
	Kept      int   `json:"kept"`
	Complete  bool  `json:"complete"`
}

// view returns what the page sees of rn now.
func (rn *run) view() runView {
	rn.mu.Lock()
	defer rn.mu.Unlock()
	v := runView{ID: rn.id, Kind: rn.kind.Name(), State: rn.state, Title: title(rn.prob), Encoding: rn.opts.Encoding,
		Backend: rn.opts.Backend.String(), Decisions: rn.rec.Decisions(), CancelAt: rn.cancelAt, Ablation: rn.ablation}
	v.Switches, _, _ = rn.kind.ParsePrunings(rn.opts.Prunings)
	if !rn.started.IsZero() {
		v.Elapsed = time.Since(rn.started).Seconds()
	}
	if rn.err != nil {
		v.Error = errorText(rn.err)
		v.NoAnswer = errors.Is(rn.err, puzzlesat.ErrNoSolution)
	}
	if rn.answer != nil {
		v.Answer = &answerView{Text: rn.answer.Text, Certificate: rn.answer.Certificate, Verified: true,
			Picture: pictureOf(rn.kind, rn.prob, *rn.answer)}
	}
	if rn.state != "queued" && rn.state != "running" && !rn.req.Ablate {
		v.Stats = statsOf(rn.stats)
	}
	if rn.tree != nil {
		v.Tree = &treeSummary{Decisions: rn.tree.Decisions, Kept: len(rn.tree.Nodes), Complete: rn.tree.Complete()}
	}
	return v
}

// errorText says how a run ended in error, as the command would.
func errorText(err error) string {
	switch {
	case errors.Is(err, errStopped):
		return "stopped"
	case errors.Is(err, puzzlesat.ErrNoSolution):
		return "no solution"
	case errors.Is(err, context.DeadlineExceeded):
		return "time limit reached"
	}
	return err.Error()
}

// statsOf returns st per backend.
func statsOf(st puzzlesat.Stats) *statsView {
	parts := st.Parts
	if len(parts) == 0 {
		parts = []puzzlesat.Stats{st}
	}
	v := &statsView{}
	for _, p := range parts {
		v.Parts = append(v.Parts, backendStats{Backend: p.Backend.String(), Seconds: p.Time.Seconds(), Nodes: p.Nodes,
			Cuts: nonNil(p.Cuts), Vars: p.Vars, Clauses: p.Clauses, Solves: p.Solves, Conflicts: p.Conflicts,
			Decisions: p.Decisions, Winner: p.Winner, Text: p.String()})
	}
	return v
}

// tree answers GET /api/runs/{id}/tree: the run's tree as kept, or with
// focus=I.J.K (the decision-child indices from the root) the subtree of
// that decision, fetched in detail by running the search again.
func (s *Server) tree(w http.ResponseWriter, r *http.Request) {
	rn, err := s.get(r)
	if err != nil {
		reply(w, nil, err)
		return
	}
	t, err := s.treeOf(r.Context(), rn, r.FormValue("focus"))
	reply(w, t, err)
}

// treeOf returns rn's tree, of the whole run or at focus.
func (s *Server) treeOf(ctx context.Context, rn *run, focusText string) (*tree.Tree, error) {
	select {
	case <-rn.done:
	default:
		return nil, &apiError{http.StatusConflict, "the search is still running"}
	}
	rn.mu.Lock()
	t, cached := rn.tree, rn.focused[focusText]
	rn.mu.Unlock()
	if t == nil {
		return nil, &apiError{http.StatusNotFound, "the run has no tree: its backend is sat, or it is an ablation"}
	}
	if focusText == "" {
		return t, nil
	}
	if cached != nil {
		return cached, nil
	}
	focus, err := parseFocus(focusText)
	if err != nil {
		return nil, err
	}
	ft, err := s.refocus(ctx, rn, focus)
	if err != nil {
		return nil, err
	}
	rn.mu.Lock()
	if rn.focused == nil || len(rn.focused) >= 8 {
		rn.focused = map[string]*tree.Tree{}
	}
	rn.focused[focusText] = ft
	rn.mu.Unlock()
	return ft, nil
}

// parseFocus reads a focus, "I.J.K" ("" for the root).
func parseFocus(s string) ([]int32, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ".")
	if len(parts) > 1<<16 {
		return nil, badRequest("focus too deep")
	}
	out := make([]int32, len(parts))
	for i, p := range parts {
		n, err := strconv.ParseInt(p, 10, 32)
		if err != nil || n < 0 {
			return nil, badRequest("bad focus %q: want child indices such as 0.2.1", s)
		}
		out[i] = int32(n)
	}
	return out, nil
}

// refocus runs rn's search again, recording the subtree at focus alone,
// and stops it when the search leaves that decision. The searches are
// deterministic, so the second run makes the same decisions as the first.
func (s *Server) refocus(ctx context.Context, rn *run, focus []int32) (*tree.Tree, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	select {
	case s.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-s.slots }()
	rec := s.recorder(rn, focus)
	rec.Done = cancel
	o := rn.opts
	o.Backend, o.Tree = puzzlesat.DFS, rec
	rn.kind.Solve(ctx, rn.prob, o)
	rec.Finish()
	t := rec.Tree()
	if len(t.Nodes) == 0 {
		return nil, &apiError{http.StatusNotFound, "the search did not reach that decision again (it stopped first)"}
	}
	return t, nil
}

// compare answers GET /api/compare?a=ID&b=ID: the two runs' trees
// merged, with fa and fb the focus in each (fetched as tree does).
func (s *Server) compare(w http.ResponseWriter, r *http.Request) {
	var ts [2]*tree.Tree
	var views [2]runView
	for i, side := range []string{"a", "b"} {
		s.mu.Lock()
		rn := s.runs[r.FormValue(side)]
		s.mu.Unlock()
		if rn == nil {
			reply(w, nil, &apiError{http.StatusNotFound, "no run " + strconv.Quote(r.FormValue(side))})
			return
		}
		t, err := s.treeOf(r.Context(), rn, r.FormValue("f"+side))
		if err != nil {
			reply(w, nil, err)
			return
		}
		ts[i], views[i] = t, rn.view()
	}
	if views[0].Kind != views[1].Kind || views[0].Title != views[1].Title {
		reply(w, nil, badRequest("the two runs solve different instances"))
		return
	}
	m := tree.Merge(ts[0], ts[1])
	reply(w, map[string]any{"merged": m, "runA": views[0], "runB": views[1]}, nil)
}
