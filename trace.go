package puzzlesat

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// DefaultTraceNodes is how many nodes of a search tree Trace keeps when
// given none.
const DefaultTraceNodes = 2000

// MaxTraceNodes is the most nodes Trace keeps (some 200 MB).
const MaxTraceNodes = 1 << 20

// Trace solves p by the DFS, as Solve does with Backend DFS, and records
// the first nodes (0: DefaultTraceNodes) of its search tree: each
// decision, and each cut under the decision where it was made.
func (k Kind) Trace(ctx context.Context, p kind.Instance, o Options, nodes int) (*trace.Tree, Answer, Stats, error) {
	set, _, _, err := k.techniques(o)
	if err != nil {
		return nil, Answer{}, Stats{}, err
	}
	if nodes <= 0 {
		nodes = DefaultTraceNodes
	}
	if nodes > MaxTraceNodes {
		return nil, Answer{}, Stats{}, fmt.Errorf("trace: %d nodes asked for, more than the %d a tree may hold", nodes, MaxTraceNodes)
	}
	title := instanceLine(p.String())
	rec := trace.NewRecorder(nodes, title)
	o.Backend, o.Tree = DFS, rec
	a, st, err := k.Solve(ctx, p, o)
	ps := k.prunings(set)
	bits := set.Bits(func() []technique.Pruning { return ps })
	on := make([]bool, len(ps))
	for i := range ps {
		on[i] = bits.Has(i)
	}
	cuts := make([]int64, len(ps))
	for _, c := range st.Cuts {
		for i, pr := range ps {
			if pr.Name == c.Pruning {
				cuts[i] = c.Count
			}
		}
	}
	t := rec.Tree(ps, on, cuts)
	t.Kind, t.Title, t.Options = k.Name(), title, set.String()
	switch {
	case err == nil:
		t.Result = strings.TrimSpace(a.Text)
	case errors.Is(err, ErrNoSolution):
		t.Result = "no solution"
	case errors.Is(err, context.DeadlineExceeded):
		t.Result = "timeout"
	default:
		t.Result = "error: " + err.Error()
	}
	return t, a, st, err
}

// instanceLine returns an instance's judge input on one line, cut to 80
// characters.
func instanceLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 80 {
		s = string(r[:79]) + "…"
	}
	return s
}
