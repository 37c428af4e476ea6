// Package kindtest holds what the tests of every kind share: a kind's
// first instance of a file, the check that a traced search draws what it
// counts, the check that random switches change no answer, and the checks
// of the engine auto picks by the kind's hint.
package kindtest

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/trace"
)

// FirstInstance returns the first instance of the file at path.
func FirstInstance(t testing.TB, k puzzlesat.Kind, path string) kind.Instance {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var first kind.Instance
	err = k.Scan(path, f, kind.ScanOptions{}, func(p kind.Instance) error {
		if first == nil {
			first = p
		}
		return nil
	})
	require.NoError(t, err)
	return first
}

// CheckTrace traces p with the prunings of spec and checks the tree
// against the run and an untraced solve: the whole tree is drawn, the
// cuts drawn are the run's, which are those of the untraced solve, an
// answer verifies, and the SVG is well-formed and the same on a second
// run. It returns the tree, the answer, the run's stats and its error,
// which is nil or puzzle.ErrNoSolution.
func CheckTrace(t *testing.T, k puzzlesat.Kind, p kind.Instance, spec string) (*trace.Tree, puzzlesat.Answer, puzzlesat.Stats, error) {
	t.Helper()
	ctx := context.Background()
	o := puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: spec, CountCuts: true}
	tree, a, st, err := k.Trace(ctx, p, o, 1<<20)
	if err != nil {
		require.ErrorIs(t, err, puzzle.ErrNoSolution, "%s %v", spec, p)
	} else {
		require.NoError(t, k.Verify(p, a.Value))
	}
	require.True(t, tree.Complete(), "%s %v", spec, p)
	run := map[string]int64{}
	for _, c := range st.Cuts {
		run[c.Pruning] = c.Count
	}
	for _, pc := range tree.Prunings {
		require.Equal(t, pc.Run, pc.Drawn, "%s %v: %s", spec, p, pc.Name)
		require.Equal(t, run[pc.Name], pc.Run, "%s %v: %s", spec, p, pc.Name)
	}
	_, plain, _ := k.Solve(ctx, p, o)
	require.Equal(t, plain.Nodes, st.Nodes)
	require.Equal(t, plain.Cuts, st.Cuts)

	var svg, again bytes.Buffer
	require.NoError(t, tree.WriteSVG(&svg))
	tree2, _, _, _ := k.Trace(ctx, p, o, 1<<20)
	require.NoError(t, tree2.WriteSVG(&again))
	require.Equal(t, svg.String(), again.String(), "deterministic")
	for d := xml.NewDecoder(&svg); ; {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	return tree, a, st, err
}

// Decisions returns the decisions drawn in tree: its parts but the root,
// the levels and the cuts' leaves.
func Decisions(tree *trace.Tree) int64 {
	d, _, _ := tree.Parts()
	return int64(d)
}

// RandomSwitches returns, as Options.Prunings and Options.Encoding take
// them, a random subset of the prunings of k's own search switched off
// and a random option at each of its choice points.
func RandomSwitches(rng *rand.Rand, k puzzlesat.Kind) (string, string) {
	var off, picks []string
	for _, p := range k.Searches()[0].Prunings {
		if !p.Optional && rng.IntN(3) == 0 {
			off = append(off, "-"+p.Name)
		}
	}
	for _, c := range k.Encodings() {
		picks = append(picks, c.Point+"="+c.Options[rng.IntN(len(c.Options))])
	}
	return strings.Join(off, ","), strings.Join(picks, ",")
}

// SwitchTimeout bounds each backend's run in CheckSwitches.
const SwitchTimeout = 10 * time.Second

// CheckSwitches counts the answers of each instance with both backends,
// random prunings off and random encoding picks, which must agree, and
// solves it with each: both find an answer or neither, and for a kind
// whose answer is canonical the same one (Solve verifies it). When
// counted says that Count counts the answers Solve finds, there is an
// answer exactly when the count is not 0.
//
// Some draws leave a search with next to no pruning (a 9x9 grid of 61
// blanks with naked singles, hidden singles and minirows off takes 12
// million nodes to its first answer), so each run has SwitchTimeout, and
// an instance whose count runs past it is logged and skipped: a bound
// that means "not hung", which skips work, never fails a check.
func CheckSwitches(t *testing.T, k puzzlesat.Kind, seed uint64, counted bool, ps []kind.Instance) {
	rng := rand.New(rand.NewPCG(seed, 19))
	ctx := context.Background()
	_, canonical := k.Kind.(kind.Canonical)
	for _, p := range ps {
		prunings, encoding := RandomSwitches(rng, k)
		o := puzzlesat.Options{Backend: puzzlesat.Both, Prunings: prunings, Encoding: encoding, Timeout: SwitchTimeout}
		n, _, err := k.Count(ctx, p, 30, o)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Logf("%s with %q and %q: %v, skipped", p.String(), prunings, encoding, err)
			continue
		}
		require.NoError(t, err, "%s with %q and %q", p.String(), prunings, encoding)
		var got [2]string
		for i, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
			o.Backend = b
			a, _, err := k.Solve(ctx, p, o)
			if err != nil {
				require.ErrorIs(t, err, puzzlesat.ErrNoSolution, "%s by %v with %q and %q", p.String(), b, prunings, encoding)
				got[i] = "no solution"
				continue
			}
			got[i] = a.Text
			if !canonical {
				got[i] = "an answer"
			}
		}
		require.Equal(t, got[0], got[1], "%s with %q and %q", p.String(), prunings, encoding)
		if counted {
			require.Equal(t, n == 0, got[0] == "no solution", "%s with %q and %q: %d answers", p.String(), prunings, encoding, n)
		}
	}
}

// Instances returns ps as kind instances.
func Instances[I kind.Instance](ps []I) []kind.Instance {
	out := make([]kind.Instance, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

// Picked returns what Stats.Picked says of a run whose every solver
// solver.Auto picked for by the rule named why, which picks CaDiCaL if
// cadical: "gini(why)", "cadical(why)", or "gini(no-cadical)" in a build
// without CaDiCaL.
func Picked(why string, cadical bool) string {
	if !cadical {
		return "gini(" + why + ")"
	}
	if _, built := solver.Cadical(); built {
		return "cadical(" + why + ")"
	}
	return "gini(no-cadical)"
}

// AutoPick is one formula of a kind and the rule of its Hint that picks
// an engine for it.
type AutoPick struct {
	Name    string
	Formula solver.Formula
	Rule    string // its name
	Cadical bool   // it picks CaDiCaL
}

// CheckHint checks the rule that auto applies to each formula of a
// kind's hint.
func CheckHint(t *testing.T, h solver.Hint, picks []AutoPick) {
	t.Helper()
	for _, tc := range picks {
		r := h.Match(tc.Formula)
		require.Equal(t, tc.Rule, r.Name, tc.Name)
		require.Equal(t, tc.Cadical, r.Cadical, tc.Name)
	}
}

// SolveAuto solves p by k's SAT backend with solver.Auto as o says,
// checks its answer, and returns what Stats.Picked says.
func SolveAuto(t *testing.T, k puzzlesat.Kind, p kind.Instance, o puzzlesat.Options) string {
	t.Helper()
	o.Backend, o.Solver = puzzlesat.SAT, solver.Auto()
	a, st, err := k.Solve(context.Background(), p, o)
	require.NoError(t, err)
	require.NoError(t, k.Verify(p, a.Value))
	return st.Picked
}

// CheckJudgeFile solves every instance of the judge file in by k as o
// says and checks the answers against the file out, the judge's.
func CheckJudgeFile(t *testing.T, k puzzlesat.Kind, in, out string, o puzzlesat.Options) {
	t.Helper()
	want, err := os.ReadFile(out)
	require.NoError(t, err)
	f, err := os.Open(in)
	require.NoError(t, err)
	defer f.Close()
	var got strings.Builder
	err = k.Scan(in, f, kind.ScanOptions{}, func(p kind.Instance) error {
		a, _, err := k.Solve(context.Background(), p, o)
		got.WriteString(a.Text)
		return err
	})
	require.NoError(t, err, in)
	require.Equal(t, strings.TrimSpace(string(want)), strings.TrimSpace(got.String()), in)
}
