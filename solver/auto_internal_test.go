package solver

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// ruleTests are auto's picks by the facts of a formula: kind, size and
// use. The engine is the rule's, before the build is taken into account.
var ruleTests = []struct {
	name   string
	q      facts
	engine string
	why    string
}{
	{"sudoku 9x9", facts{kind: "sudoku", side: 9, vars: 729, lits: 25_000}, pickCadical, "sudoku-9x9"},
	{"sudoku 4x4", facts{kind: "sudoku", side: 4, vars: 64, lits: 500}, pickCadical, "sudoku-9x9"},
	{"sudoku 16x16", facts{kind: "sudoku", side: 16, vars: 1_000, lits: 20_000}, pickGini, "sudoku-16-25"},
	{"sudoku 25x25", facts{kind: "sudoku", side: 25, vars: 3_000, lits: 90_000}, pickGini, "sudoku-16-25"},
	{"sudoku 36x36", facts{kind: "sudoku", side: 36, vars: 5_000, lits: 140_000}, pickCadical, "sudoku-36-49"},
	{"sudoku 49x49", facts{kind: "sudoku", side: 49, vars: 12_000, lits: 330_000}, pickCadical, "sudoku-36-49"},
	{"sudoku 64x64", facts{kind: "sudoku", side: 64, vars: 15_000, lits: 400_000}, pickGini, "sudoku-64+"},
	{"sudoku 100x100", facts{kind: "sudoku", side: 100, vars: 16_000, lits: 450_000}, pickGini, "sudoku-64+"},
	{"sudoku counted", facts{kind: "sudoku", side: 9, lits: 25_000, loop: true}, pickCadical, "sudoku-9x9"},
	{"cake, one bound", facts{kind: "cake", vars: 4_107, lits: 70_000}, pickCadical, "cake-bound"},
	{"cake, cubes", facts{kind: "cake", vars: 4_108, lits: 70_000, loop: true}, pickGini, "cake-cubes"},
	{"sticks", facts{kind: "sticks", vars: 14_801, lits: 95_000}, pickGini, "sticks"},
	{"sticks at the size limit", facts{kind: "sticks", lits: sticksLarge}, pickGini, "sticks"},
	{"sticks, large", facts{kind: "sticks", vars: 15_752, lits: 112_000}, pickCadical, "sticks-large"},
	{"cats", facts{kind: "cats", vars: 3_904, lits: 30_000, loop: true}, pickCadical, "cats"},
	{"digit-puzzle", facts{kind: "digit-puzzle", vars: 598, lits: 30_000, loop: true}, pickCadical, "digit-puzzle"},
	{"alphametic", facts{kind: "alphametic", vars: 1_285, lits: 40_000}, pickGini, "alphametic"},
	{"cryptarithm", facts{kind: "cryptarithm", vars: 700, lits: 10_000, loop: true}, pickGini, "cryptarithm"},
	{"another formula", facts{vars: 100, lits: 1_000}, pickCadical, "other-formula"},
	{"another kind", facts{kind: "queens", vars: 64, lits: 1_000}, pickCadical, "other-formula"},
	{"over CaDiCaL's budget", facts{kind: "cats", lits: CadicalBudget + 1}, pickGini, "over-cadical-budget"},
	{"a huge sudoku", facts{kind: "sudoku", side: 36, lits: CadicalBudget + 1}, pickGini, "over-cadical-budget"},
	{"at CaDiCaL's budget", facts{lits: CadicalBudget}, pickCadical, "other-formula"},
}

// TestAutoRules: each rule of auto's table by kind, size and use, and the
// pick that the build turns it into: CaDiCaL only when it is built in,
// else gini.
func TestAutoRules(t *testing.T) {
	_, built := Cadical()
	for _, tc := range ruleTests {
		t.Run(tc.name, func(t *testing.T) {
			r := ruleFor(tc.q)
			require.Equal(t, tc.engine, r.engine)
			require.Equal(t, tc.why, r.why)
			e, why := pick(tc.q)
			switch {
			case tc.engine == pickGini:
				require.Equal(t, "gini", e.Name())
				require.Equal(t, tc.why, why)
			case built:
				require.Equal(t, "cadical", e.Name())
				_, isProgram := e.(*program)
				require.False(t, isProgram, "the engine in process, never the program")
				require.Equal(t, tc.why, why)
			default:
				require.Equal(t, "gini", e.Name())
				require.Equal(t, "no-cadical", why)
			}
			e2, why2 := pick(tc.q)
			require.Equal(t, e, e2, "the pick is deterministic")
			require.Equal(t, why, why2)
		})
	}
}

// factsTests are the facts auto reads off formulas: the first comment
// that names a puzzle kind.
var factsTests = []struct {
	name     string
	comments []string
	kind     string
	side     int
}{
	{"sudoku", []string{"puzzlesat sudoku 36x36"}, "sudoku", 36},
	{"cake, then other comments", []string{"puzzlesat cake N=9397 M=10 Q<=1617", "query Q<=1617", "puzzlesat sticks"}, "cake", 0},
	{"after another comment", []string{"made by hand", "puzzlesat digit-puzzle lengths 1 2 3, pairwise encoding"}, "digit-puzzle", 0},
	{"none", []string{"var 1 x"}, "", 0},
	{"no comment", nil, "", 0},
	{"a bare prefix", []string{"puzzlesat "}, "", 0},
	{"a sudoku without its size", []string{"puzzlesat sudoku"}, "sudoku", 0},
	{"a sudoku of a bad size", []string{"puzzlesat sudoku AxA"}, "sudoku", 0},
}

func TestFactsOf(t *testing.T) {
	for _, tc := range factsTests {
		t.Run(tc.name, func(t *testing.T) {
			f := cnf.New()
			for _, c := range tc.comments {
				f.Comment("%s", c)
			}
			a, b := f.Lit(), f.Lit()
			f.Add(a, b)
			q := factsOf(f, f.NumLits(), true)
			require.Equal(t, facts{kind: tc.kind, side: tc.side, vars: 2, lits: 2, loop: true}, q)
		})
	}
}

// TestAutoStreams: a streaming formula picks at its hint, with the kind
// its comment names, hands the clauses it held to the pick, and streams
// the rest straight into it; one without a hint picks once pendingLits
// have come. Each then answers right, into gini or CaDiCaL.
func TestAutoStreams(t *testing.T) {
	_, built := Cadical()
	for _, side := range []int{16, 36} {
		want := "gini(sudoku-16-25)"
		if side == 36 {
			want = "gini(no-cadical)"
			if built {
				want = "cadical(sudoku-36-49)"
			}
		}
		for _, hint := range []bool{true, false} {
			f := cnf.New()
			s := Config{Engine: Auto()}.NewStreaming(f)
			f.Comment("puzzlesat sudoku %dx%d", side, side)
			x := f.Lit()
			f.Add(x) // held until the pick
			n := 3 * pendingLits
			if hint {
				f.Hint(n+1, n, 2*n)
			}
			p := s.s.(*pending)
			require.Equal(t, hint, p.picked != nil, "picked at the hint")
			for range n {
				f.Add(x.Not(), f.Lit())
			}
			require.NotNil(t, p.picked, "picked after pendingLits")
			require.Nil(t, p.held)
			require.Zero(t, f.NumClauses(), "f keeps no clauses")
			z := f.Lit()
			f.Add(x.Not(), z.Not())
			st, err := s.Solve(context.Background())
			require.NoError(t, err)
			require.Equal(t, Sat, st)
			require.True(t, s.Model().Value(x), "the held clause reached the pick")
			require.True(t, s.Model().Value(cnf.Var(2).Pos()))
			require.False(t, s.Model().Value(z))
			require.Equal(t, want, s.Stats().Picked())
			f.Add(x.Not())
			st, err = s.Solve(context.Background())
			require.NoError(t, err)
			require.Equal(t, Unsat, st)
			s.Close()
		}
	}
}

// parseCPUTests are texts of /proc/stat and the CPU time read from them.
var parseCPUTests = []struct {
	name string
	in   string
	want cpuTime
	ok   bool
}{
	{"two CPUs", "cpu  708821 0 59947 1710631 2075 0 934 30959 0 0\ncpu0 344982 0 29323 866208 614 0 120 15463 0 0\ncpu1 363838 0 30624 844422 1460 0 813 15496 0 0\nintr 1 2\n",
		cpuTime{idle: 1710631 + 2075, total: 708821 + 59947 + 1710631 + 2075 + 934 + 30959, cpus: 2}, true},
	{"no CPU lines", "cpu  1 2 3 4 5 6 7 8 0 0\n", cpuTime{}, false},
	{"a short line", "cpu  1 2 3\ncpu0 1 2 3\n", cpuTime{}, false},
	{"not a number", "cpu  1 2 3 x 5 6 7 8\ncpu0 1\n", cpuTime{}, false},
	{"empty", "", cpuTime{}, false},
}

func TestParseCPU(t *testing.T) {
	for _, tc := range parseCPUTests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := parseCPU(tc.in)
			require.Equal(t, tc.ok, ok)
			if ok {
				require.Equal(t, tc.want, got)
			}
		})
	}
}

func TestFreeSince(t *testing.T) {
	a := cpuTime{idle: 100, total: 1000, cpus: 2}
	free, ok := freeSince(a, cpuTime{idle: 150, total: 1100, cpus: 2})
	require.True(t, ok)
	require.InDelta(t, 1.0, free, 1e-9, "half of 2 CPUs idle")
	_, ok = freeSince(a, cpuTime{idle: 101, total: 1002, cpus: 2})
	require.False(t, ok, "too short to tell")
	_, ok = freeSince(a, cpuTime{idle: 150, total: 1100, cpus: 4})
	require.False(t, ok, "another machine")
	if now, ok := readCPU(); ok {
		require.Positive(t, now.cpus)
	}
}
