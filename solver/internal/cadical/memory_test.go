//go:build cadical

package cadical_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/sat"
	"github.com/puzzlesat/puzzlesat/solver/internal/cadical"
)

// rssEnv names the variable that makes TestRSSChild, run by TestPeakRSS
// under GNU time in a process of its own, build one formula into one sink.
const rssEnv = "PUZZLESAT_CADICAL_RSS"

// countSink counts literals and keeps nothing: the baseline of a process
// that builds a formula.
type countSink struct{ lits int }

func (c *countSink) AddClause(ls []cnf.Lit) { c.lits += len(ls) }

// giniSink adds clauses to gini, the project's default solver.
type giniSink struct{ g *gini.Gini }

func (s giniSink) AddClause(ls []cnf.Lit) {
	for _, l := range ls {
		s.g.Add(z.Var(l.Var()).Pos() ^ z.Lit(l&1))
	}
	s.g.Add(z.LitNull)
}

// formulas are built straight into a sink, never held in Go, so that a
// process's peak RSS above the countSink baseline is the sink's memory.
var formulas = map[string]func(cnf.Sink){
	// A random 3-CNF of 5 million literals at ratio 4.26.
	"random3-5M": func(s cnf.Sink) {
		const n = 391_000
		rng := rand.New(rand.NewPCG(5, 5))
		if h, ok := s.(hinter); ok {
			h.Hint(n, 5_000_000/3, 5_000_000)
		}
		for range 5_000_000 / 3 {
			s.AddClause(cadical.RandomClause(rng, n, 3))
		}
	},
	// An empty 64x64 sudoku as `puzzlesat encode sudoku` writes it: 344,065
	// variables, 12.6 million literals, nearly all in binary clauses.
	"sudoku64": func(s cnf.Sink) {
		f := cnf.New()
		f.Stream(s)
		sat.EncodeWith(f, sudoku.Instance{Box: 8, Cells: make([]int16, 64*64)}, sat.Defaults())
	},
}

// TestRSSChild builds the formula and sink that rssEnv names,
// "FORMULA/SINK", and prints the number of literals.
func TestRSSChild(t *testing.T) {
	spec := os.Getenv(rssEnv)
	if spec == "" {
		t.Skip("run by TestPeakRSS")
	}
	name, sink, _ := strings.Cut(spec, "/")
	build := formulas[name]
	require.NotNil(t, build, "formula %q", name)
	count := &countSink{}
	var s cnf.Sink = count
	tee := func(to cnf.Sink) cnf.Sink { return teeSink{count, to} }
	var solver *cadical.Solver
	switch sink {
	case "count":
	case "gini":
		s = tee(giniSink{gini.New()})
	case "cadical", "cadical+solve":
		var err error
		solver, err = cadical.New()
		require.NoError(t, err)
		s = tee(solver)
	default:
		t.Fatalf("sink %q", sink)
	}
	build(s)
	if solver != nil {
		solver.Flush()
		require.NoError(t, solver.Err())
		if sink == "cadical+solve" { // two seconds of solving: watches, learnt clauses
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			if st, err := solver.Solve(ctx); st == cadical.Unknown {
				require.ErrorIs(t, err, context.DeadlineExceeded)
			}
		}
	}
	fmt.Printf("lits=%d\n", count.lits)
}

// hinter is a sink that takes the size of the formula to come.
type hinter interface{ Hint(vars, clauses, lits int) }

// teeSink counts the literals it hands on, and hands on the hint too.
type teeSink struct {
	count *countSink
	to    cnf.Sink
}

func (t teeSink) AddClause(ls []cnf.Lit) { t.count.AddClause(ls); t.to.AddClause(ls) }

func (t teeSink) Hint(vars, clauses, lits int) {
	if h, ok := t.to.(hinter); ok {
		h.Hint(vars, clauses, lits)
	}
}

// peakRSS runs TestRSSChild for spec under GNU time and returns its peak
// RSS in bytes and the literals it built.
func peakRSS(t *testing.T, spec string) (rss, lits int64) {
	cmd := exec.Command("/usr/bin/time", "-f", "%M", os.Args[0], "-test.run=^TestRSSChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), rssEnv+"="+spec)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "%s: %s%s", spec, stdout.String(), stderr.String())
	errLines := strings.Fields(stderr.String())
	kb, err := strconv.ParseInt(errLines[len(errLines)-1], 10, 64)
	require.NoError(t, err, "GNU time's output %q", stderr.String())
	for _, line := range strings.Split(stdout.String(), "\n") {
		if v, ok := strings.CutPrefix(line, "lits="); ok {
			lits, err = strconv.ParseInt(v, 10, 64)
			require.NoError(t, err)
		}
	}
	require.Positive(t, lits, "%s printed no literal count: %s", spec, stdout.String())
	return kb << 10, lits
}

// maxBytesPerLit bounds CaDiCaL's memory per literal, loaded and after
// two seconds of solving, with room for noise: the measured figures
// (logged) were 43 to 54 bytes per literal, against 35 to 38 for gini.
const maxBytesPerLit = 80

// rssAllEnv, set to anything, makes TestPeakRSS also measure CaDiCaL
// before its first solve, and gini, for comparison.
const rssAllEnv = "PUZZLESAT_CADICAL_RSS_ALL"

// TestPeakRSS measures the peak RSS of CaDiCaL holding large formulas and
// solving them for two seconds, against a process that builds the same
// formula and keeps nothing.
func TestPeakRSS(t *testing.T) {
	if testing.Short() {
		t.Skip("builds large formulas in child processes (-short)")
	}
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Skip("GNU time (/usr/bin/time, Debian package time) is needed to read peak memory")
	}
	sinks := []string{"cadical+solve"}
	if os.Getenv(rssAllEnv) != "" {
		sinks = []string{"cadical", "cadical+solve", "gini"}
	}
	for _, name := range []string{"random3-5M", "sudoku64"} {
		t.Run(name, func(t *testing.T) {
			base, lits := peakRSS(t, name+"/count")
			for _, sink := range sinks {
				rss, n := peakRSS(t, name+"/"+sink)
				require.Equal(t, lits, n)
				per := float64(rss-base) / float64(lits)
				t.Logf("%s: %d literals, peak RSS %d MB, %d MB over the baseline: %.1f bytes per literal", sink, lits, rss>>20, (rss-base)>>20, per)
				if sink != "gini" {
					require.Less(t, per, float64(maxBytesPerLit))
				}
			}
		})
	}
}
