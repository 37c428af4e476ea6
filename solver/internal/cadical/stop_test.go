//go:build cadical

package cadical

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// stopBound is the latency a test accepts: it only means that the solve
// stopped, where the formulas take CDCL hours, so that no machine,
// however busy, fails it. The latencies themselves are logged, and
// BenchmarkStop reports them.
const stopBound = time.Minute

// hardSolver returns a solver holding PHP(12,11) under the selector it
// also returns, which CaDiCaL needs far longer than any test to refute,
// and which without the selector is satisfiable at once.
func hardSolver(t testing.TB) (*Solver, cnf.Lit) {
	sel := cnf.Var(12*11 + 1).Pos()
	s := newSolver(t, nil)
	addAll(s, pigeons(11, sel))
	return s, sel
}

// bigSolver returns a solver holding a random 3-CNF of a million
// literals at ratio 4.26 under a selector, whose first solve spends its
// first milliseconds in the lucky phases rather than in search.
func bigSolver(t testing.TB) (*Solver, cnf.Lit) {
	const n = 78_000
	sel := cnf.Var(n + 1).Pos()
	s := newSolver(t, nil)
	rng := rand.New(rand.NewPCG(3, 3))
	for range int(4.26 * n) {
		s.AddClause(append(randomClause(rng, n, 3), sel.Not()))
	}
	return s, sel
}

var stopTests = []struct {
	name   string
	solver func(t testing.TB) (*Solver, cnf.Lit)
	after  time.Duration // how long the solve runs before it is stopped
	cancel bool          // stop by cancel rather than deadline
	rounds int
}{
	{"php12-deadline", hardSolver, 150 * time.Millisecond, false, 5},
	{"php12-cancel", hardSolver, 150 * time.Millisecond, true, 5},
	{"php12-cancel-early", hardSolver, time.Millisecond, true, 5},
	{"random3-1M-cancel-20ms", bigSolver, 20 * time.Millisecond, true, 1},
	{"random3-1M-cancel-500ms", bigSolver, 500 * time.Millisecond, true, 1},
}

// TestStop stops hard solves by deadline and by cancel, measures the time
// from the context's end to Solve's return, and checks that the solver
// is usable afterwards: a plain solve answers, and a stopped solve leaves
// no stop behind for the next one.
func TestStop(t *testing.T) {
	for _, tc := range stopTests {
		t.Run(tc.name, func(t *testing.T) {
			s, sel := tc.solver(t)
			var lat []time.Duration
			for range tc.rounds {
				var ctx context.Context
				var cancel context.CancelFunc
				var ended time.Time
				if tc.cancel {
					ctx, cancel = context.WithCancel(context.Background())
					timer := time.AfterFunc(tc.after, func() { ended = time.Now(); cancel() })
					defer timer.Stop()
				} else {
					ctx, cancel = context.WithTimeout(context.Background(), tc.after)
					ended, _ = ctx.Deadline()
				}
				st, err := s.Solve(ctx, sel)
				back := time.Now()
				cancel()
				if st != Unknown { // the big formula may be solved first
					require.NoError(t, err)
					t.Logf("answered %v before the stop", st)
					return
				}
				if tc.cancel {
					require.ErrorIs(t, err, context.Canceled)
				} else {
					require.ErrorIs(t, err, context.DeadlineExceeded)
				}
				lat = append(lat, back.Sub(ended))
				require.Less(t, back.Sub(ended), stopBound)
			}
			slices.Sort(lat)
			t.Logf("stop latency over %d stops: min %v, median %v, max %v", len(lat), lat[0], lat[len(lat)/2], lat[len(lat)-1])

			// Reusable: a solve without the selector answers, and a solve
			// with it runs until its own deadline, not stopped at once.
			st, err := s.Solve(context.Background())
			require.NoError(t, err)
			require.NotEqual(t, Unknown, st)
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			start := time.Now()
			st, err = s.Solve(ctx, sel)
			if st == Unknown {
				require.ErrorIs(t, err, context.DeadlineExceeded)
				require.GreaterOrEqual(t, time.Since(start), 100*time.Millisecond, "a stale stop ended the solve early")
			}
		})
	}
}

func TestSolveEndedContext(t *testing.T) {
	s, sel := hardSolver(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := s.Solve(ctx, sel)
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, Unknown, st)
	c, err := s.Counters()
	require.NoError(t, err)
	require.Equal(t, 0, c.Solves, "an ended context does not reach CaDiCaL")
}

// TestBusy calls the solver while a Solve runs in another goroutine: each
// call is refused with ErrBusy instead of reaching CaDiCaL, which would
// abort on a call in its SOLVING state.
func TestBusy(t *testing.T) {
	s, sel := hardSolver(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error)
	go func() {
		_, err := s.Solve(ctx, sel)
		done <- err
	}()
	for !s.busy.Load() {
		time.Sleep(time.Millisecond)
	}
	_, err := s.Counters()
	require.ErrorIs(t, err, ErrBusy)
	_, err = s.Solve(context.Background())
	require.ErrorIs(t, err, ErrBusy)
	require.ErrorIs(t, s.Close(), ErrBusy)
	require.ErrorIs(t, s.Limit("conflicts", 1), ErrBusy)
	s.AddClause([]cnf.Lit{sel})
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	_, err = s.Counters()
	require.NoError(t, err)
	require.ErrorIs(t, s.Err(), ErrBusy, "the clause added during the solve was lost, and that sticks")
	_, err = s.Solve(context.Background())
	require.ErrorIs(t, err, ErrBusy)
}
