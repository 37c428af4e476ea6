package puzzlesat

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// parity is a toy puzzle for testing the dispatch: any even number is an
// answer.
type parity struct{}

func (parity) Verify(a int) error {
	if a%2 != 0 {
		return errors.New("odd")
	}
	return nil
}
func (parity) Format(a int) string { return strings.Repeat("x", a) + "\n" }
func (parity) String() string      { return "parity\n" }
func answer(a int, err error) func(context.Context, parity, search.Run) (int, search.Stats, error) {
	return func(context.Context, parity, search.Run) (int, search.Stats, error) {
		return a, search.Stats{Nodes: 7}, err
	}
}
func answerSAT(a int, err error) func(context.Context, parity, solver.Config, technique.Picks) (int, solver.Stats, error) {
	return func(context.Context, parity, solver.Config, technique.Picks) (int, solver.Stats, error) {
		return a, solver.Stats{Solves: 3}, err
	}
}

// toy returns the parity kind with the backends dfs and sat.
func toy(dfs func(context.Context, parity, search.Run) (int, search.Stats, error), sat func(context.Context, parity, solver.Config, technique.Picks) (int, solver.Stats, error)) Kind {
	return Kind{toyOf(dfs, sat)}
}

func toyOf(dfs func(context.Context, parity, search.Run) (int, search.Stats, error), sat func(context.Context, parity, solver.Config, technique.Picks) (int, solver.Stats, error)) kind.Of[parity, int] {
	return kind.New(kind.Spec[parity, int]{Name: "parity", Own: kind.SearchOf[parity, int]{Run: dfs}, SAT: sat})
}

// counting is the parity kind as a kind.Counter, with the counters dfs
// and sat.
type counting struct {
	kind.Of[parity, int]
	dfs func(context.Context, parity, int, search.Run) (int, search.Stats, error)
	sat func(context.Context, parity, int, solver.Config, technique.Picks) (int, solver.Stats, error)
}

func (c counting) CountDFS(ctx context.Context, p kind.Instance, limit int, run search.Run) (int, search.Stats, error) {
	return c.dfs(ctx, p.(parity), limit, run)
}

func (c counting) CountSAT(ctx context.Context, p kind.Instance, limit int, cfg solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return c.sat(ctx, p.(parity), limit, cfg, enc)
}

// lookup returns the kind called name, which must be registered.
func lookup(t *testing.T, name string) Kind {
	t.Helper()
	k, err := Lookup(name)
	require.NoError(t, err)
	return k
}

func TestSolveDispatch(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name     string
		dfs, sat result
		backend  Backend
		want     int
		err      error   // errors.Is
		wrong    Backend // with a *WrongAnswer from that backend; -1 for none
		disagree [2]bool // a *Disagreement with these sides set
	}{
		{"dfs", result{2, nil}, result{4, nil}, DFS, 2, nil, -1, [2]bool{}},
		{"sat", result{2, nil}, result{4, nil}, SAT, 4, nil, -1, [2]bool{}},
		{"both agree", result{2, nil}, result{2, nil}, Both, 2, nil, -1, [2]bool{}},
		{"both differ", result{2, nil}, result{4, nil}, Both, 0, nil, -1, [2]bool{true, true}},
		{"sat finds none", result{2, nil}, result{0, puzzle.ErrNoSolution}, Both, 0, nil, -1, [2]bool{true, false}},
		{"none", result{0, puzzle.ErrNoSolution}, result{0, puzzle.ErrNoSolution}, Both, 0, puzzle.ErrNoSolution, -1, [2]bool{}},
		{"dfs lies", result{3, nil}, result{2, nil}, Both, 0, nil, DFS, [2]bool{}},
		{"sat lies", result{2, nil}, result{5, nil}, SAT, 0, nil, SAT, [2]bool{}},
		{"sat fails", result{2, nil}, result{0, boom}, Both, 0, boom, -1, [2]bool{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k := toy(answer(tc.dfs.a, tc.dfs.err), answerSAT(tc.sat.a, tc.sat.err))
			got, st, err := k.Solve(context.Background(), parity{}, Options{Backend: tc.backend})
			require.Equal(t, tc.backend, st.Backend)
			var wa *WrongAnswer
			var dis *Disagreement
			switch {
			case tc.wrong >= 0:
				require.ErrorAs(t, err, &wa)
				require.Equal(t, tc.wrong, wa.Backend)
				require.Contains(t, err.Error(), "BUG: the "+tc.wrong.String()+" backend's answer fails Verify")
			case tc.disagree != [2]bool{}:
				require.ErrorAs(t, err, &dis)
				require.Equal(t, tc.disagree, [2]bool{dis.DFS != nil, dis.SAT != nil})
				require.Equal(t, tc.disagree == [2]bool{true, true}, strings.Contains(err.Error(), "passes Verify"))
			case tc.err != nil:
				require.ErrorIs(t, err, tc.err)
			default:
				require.NoError(t, err)
				require.Equal(t, tc.want, got.Value)
			}
			if tc.backend == Both {
				require.Len(t, st.Parts, 2)
				require.Equal(t, int64(7), st.Nodes)
				require.Equal(t, 3, st.Solves)
				require.Contains(t, st.String(), "; sat ")
			}
		})
	}
}

// result is what a toy backend returns.
type result struct {
	a   int
	err error
}

// TestTimeoutPerBackend: each backend gets the whole timeout, and a run
// that times out names its backend and wraps DeadlineExceeded. The
// timeout runs on a synctest bubble's clock.
func TestTimeoutPerBackend(t *testing.T) { synctest.Test(t, timeoutPerBackend) }

func timeoutPerBackend(t *testing.T) {
	slow := func(ctx context.Context, _ parity, _ search.Run) (int, search.Stats, error) {
		<-ctx.Done()
		return 0, search.Stats{}, ctx.Err()
	}
	k := toy(slow, answerSAT(2, nil))
	start := time.Now()
	_, st, err := k.Solve(context.Background(), parity{}, Options{Backend: Both, Timeout: 20 * time.Millisecond})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.True(t, strings.HasPrefix(err.Error(), "dfs backend: "), err.Error())
	require.Equal(t, 20*time.Millisecond, st.Parts[0].Time)
	require.Equal(t, 20*time.Millisecond, time.Since(start), "the SAT run took no time on the bubble's clock")
}

func TestCountDispatch(t *testing.T) {
	ctx := context.Background()
	_, _, err := toy(answer(2, nil), answerSAT(2, nil)).Count(ctx, parity{}, 2, Options{})
	require.ErrorIs(t, err, errors.ErrUnsupported, "not a counter")

	k := Kind{counting{
		Of: toyOf(answer(2, nil), answerSAT(2, nil)),
		dfs: func(context.Context, parity, int, search.Run) (int, search.Stats, error) {
			return 2, search.Stats{}, nil
		},
		sat: func(context.Context, parity, int, solver.Config, technique.Picks) (int, solver.Stats, error) {
			return 1, solver.Stats{}, nil
		},
	}}
	_, _, err = k.Count(ctx, parity{}, -1, Options{})
	require.ErrorContains(t, err, "limit")
	n, _, err := k.Count(ctx, parity{}, 5, Options{Backend: DFS})
	require.NoError(t, err)
	require.Equal(t, 2, n)
	_, _, err = k.Count(ctx, parity{}, 5, Options{Backend: Both})
	var d *Disagreement
	require.ErrorAs(t, err, &d)
	require.Equal(t, 2, d.DFS)
	require.Equal(t, 1, d.SAT)
	require.Equal(t, "the backends disagree", err.Error())
}

// TestCountStoppedEarly: a count that a deadline or the budget stopped
// returns its error with the most answers any backend counted, a lower
// bound, whatever the backend; a disagreement returns none.
func TestCountStoppedEarly(t *testing.T) {
	ctx := context.Background()
	tl := &solver.TooLarge{Literals: 10, Budget: 5}
	countDFS := func(n int, err error) func(context.Context, parity, int, search.Run) (int, search.Stats, error) {
		return func(context.Context, parity, int, search.Run) (int, search.Stats, error) {
			return n, search.Stats{}, err
		}
	}
	countSAT := func(n int, err error) func(context.Context, parity, int, solver.Config, technique.Picks) (int, solver.Stats, error) {
		return func(context.Context, parity, int, solver.Config, technique.Picks) (int, solver.Stats, error) {
			return n, solver.Stats{}, err
		}
	}
	tests := []struct {
		name    string
		backend Backend
		dfs     func(context.Context, parity, int, search.Run) (int, search.Stats, error)
		sat     func(context.Context, parity, int, solver.Config, technique.Picks) (int, solver.Stats, error)
		want    int
		err     error
	}{
		{"dfs deadline", DFS, countDFS(7, context.DeadlineExceeded), nil, 7, context.DeadlineExceeded},
		{"sat budget", SAT, nil, countSAT(3, tl), 3, tl},
		{"both, sat stopped", Both, countDFS(9, nil), countSAT(4, context.DeadlineExceeded), 9, context.DeadlineExceeded},
		{"both, dfs stopped", Both, countDFS(2, context.DeadlineExceeded), countSAT(5, nil), 5, context.DeadlineExceeded},
		{"race, both stopped", Race, countDFS(6, context.DeadlineExceeded), countSAT(8, tl), 8, context.DeadlineExceeded},
		{"race, sat done", Race, countDFS(6, context.DeadlineExceeded), countSAT(11, nil), 11, nil},
		{"both disagree", Both, countDFS(6, nil), countSAT(8, nil), 0, &Disagreement{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := counting{Of: toyOf(answer(2, nil), answerSAT(2, nil)), dfs: tc.dfs, sat: tc.sat}
			if c.dfs == nil {
				c.dfs = countDFS(0, nil)
			}
			k := Kind{c}
			n, _, err := k.Count(ctx, parity{}, 0, Options{Backend: tc.backend})
			require.Equal(t, tc.want, n)
			switch want := tc.err.(type) {
			case nil:
				require.NoError(t, err)
			case *Disagreement:
				require.ErrorAs(t, err, new(*Disagreement))
			default:
				require.ErrorIs(t, err, want)
			}
		})
	}
}

func TestBackendText(t *testing.T) {
	for _, b := range []Backend{DFS, SAT, Both, Race} {
		text, err := b.MarshalText()
		require.NoError(t, err)
		var got Backend
		require.NoError(t, got.UnmarshalText(text))
		require.Equal(t, b, got)
	}
	var b Backend
	require.ErrorContains(t, b.UnmarshalText([]byte("quantum")), "want dfs, sat, both or race")
	require.Equal(t, "Backend(9)", Backend(9).String())
	_, err := Backend(9).MarshalText()
	require.Error(t, err)
}

// TestLookup: every kind of the registry is found by its name, in any
// case, and a name near one suggests it.
func TestLookup(t *testing.T) {
	names := map[string]bool{}
	for _, k := range Kinds() {
		require.False(t, names[k.Name()], "%s listed twice", k.Name())
		names[k.Name()] = true
		got, err := Lookup(k.Name())
		require.NoError(t, err)
		require.Equal(t, k.Name(), got.Name())
		got, err = Lookup(strings.ToUpper(k.Name()))
		require.NoError(t, err, "case is ignored")
		require.Equal(t, k.Name(), got.Name())
		_, err = Lookup(k.Name() + "x")
		require.EqualError(t, err, fmt.Sprintf("unknown puzzle kind %q: did you mean %q?", k.Name()+"x", k.Name()))
	}
	require.NotEmpty(t, names)
	_, err := Lookup("chess")
	require.EqualError(t, err, "unknown puzzle kind \"chess\": want one of "+strings.Join(slices.Sorted(maps.Keys(names)), ", "))
}

// TestRace: the first backend to settle the instance wins and the other
// is stopped; an error waits for the other backend.
func TestRace(t *testing.T) {
	slow := func(ctx context.Context, _ parity, _ search.Run) (int, search.Stats, error) {
		<-ctx.Done()
		return 0, search.Stats{}, ctx.Err()
	}
	boom := errors.New("boom")
	tests := []struct {
		name string
		dfs  func(context.Context, parity, search.Run) (int, search.Stats, error)
		sat  func(context.Context, parity, solver.Config, technique.Picks) (int, solver.Stats, error)
		want int
		won  Backend
		err  error
		// cancelled: the loser that the winner stopped, -1 for none
		cancelled Backend
	}{
		{"sat wins", slow, answerSAT(4, nil), 4, SAT, nil, DFS},
		{"dfs wins", answer(2, nil), func(ctx context.Context, _ parity, _ solver.Config, _ technique.Picks) (int, solver.Stats, error) {
			<-ctx.Done()
			return 0, solver.Stats{}, ctx.Err()
		}, 2, DFS, nil, SAT},
		{"none wins", answer(0, puzzle.ErrNoSolution), answerSAT(0, boom), 0, DFS, puzzle.ErrNoSolution, -1},
		{"an error waits", answer(2, nil), answerSAT(0, boom), 2, DFS, nil, -1},
	}
	for _, tc := range tests {
		// In a synctest bubble: a race that waited on its loser would
		// block for good, which the bubble reports as a deadlock.
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				k := toy(tc.dfs, tc.sat)
				got, st, err := k.Solve(context.Background(), parity{}, Options{Backend: Race})
				require.ErrorIs(t, err, tc.err)
				if tc.err == nil {
					require.Equal(t, tc.want, got.Value)
				}
				require.Equal(t, Race, st.Backend)
				require.Equal(t, tc.won, st.Won)
				require.Contains(t, st.String(), "race won by "+tc.won.String())
				for _, b := range []Backend{DFS, SAT} {
					require.Equal(t, b == tc.cancelled, st.Parts[b].Cancelled, b)
					require.Equal(t, b == tc.cancelled, strings.Contains(st.String(), b.String()+" cancelled after "), st.String())
				}
			})
		})
	}
}

// TestParseSwitches: a kind checks a switch list at once and gives it in
// its canonical form.
func TestParseSwitches(t *testing.T) {
	k := lookup(t, "sticks")
	spec, notes, err := k.ParsePrunings(" -memo , -index-order")
	require.NoError(t, err)
	require.Equal(t, "-index-order,-memo,-reachable-sums", spec)
	require.Equal(t, []string{"switching off index-order also switches off reachable-sums, which needs it"}, notes)
	_, _, err = k.ParsePrunings("-memos")
	require.ErrorContains(t, err, `sticks: unknown pruning "memos"`)
	enc, err := k.ParseEncoding("sum=adder")
	require.NoError(t, err)
	require.Equal(t, "sum=adder", enc)
	_, err = k.ParseEncoding("sum=bdd")
	require.ErrorContains(t, err, `sticks: encoding "sum=bdd"`)
}
