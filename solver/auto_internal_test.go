package solver

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// testHint is a kind's hint as the kinds write theirs: a rule for the
// formulas of a loop, one for large formulas, and one for the rest.
var testHint = Hint{
	{Name: "looped", Cost: time.Microsecond, Match: func(f Formula) bool { return f.Loop }},
	{Name: "large", Cadical: true, Cost: 4 * time.Microsecond, Match: func(f Formula) bool { return f.Lits > 1000 }},
	{Name: "rest", Cost: 2 * time.Microsecond},
}

// ruleTests are auto's picks by the facts of a formula: its hint, size
// and use. The engine is the rule's, before the build is taken into
// account. Each kind's own rules are pinned beside it, in kinds/.
var ruleTests = []struct {
	name    string
	q       facts
	cadical bool
	why     string
}{
	{"the first rule that matches", facts{testHint, Formula{Vars: 10, Lits: 5000, Loop: true}}, false, "looped"},
	{"the second", facts{testHint, Formula{Vars: 10, Lits: 5000}}, true, "large"},
	{"at the second's size", facts{testHint, Formula{Lits: 1000}}, false, "rest"},
	{"a rule without Match", facts{testHint, Formula{Lits: 10}}, false, "rest"},
	{"no hint", facts{nil, Formula{Vars: 100, Lits: 1_000}}, true, "other-formula"},
	{"no rule of the hint matches", facts{testHint[:2], Formula{Lits: 10}}, true, "other-formula"},
	{"over CaDiCaL's budget", facts{testHint, Formula{Lits: CadicalBudget + 1}}, false, "over-cadical-budget"},
	{"over it, in a loop", facts{testHint, Formula{Lits: CadicalBudget + 1, Loop: true}}, false, "over-cadical-budget"},
	{"over it, no hint", facts{nil, Formula{Lits: CadicalBudget + 1}}, false, "over-cadical-budget"},
	{"at CaDiCaL's budget", facts{nil, Formula{Lits: CadicalBudget}}, true, "other-formula"},
}

// TestAutoRules: auto's rules by a formula's hint, size and use, and the
// pick that the build turns them into: CaDiCaL only when it is built in,
// else gini.
func TestAutoRules(t *testing.T) {
	_, built := Cadical()
	for _, tc := range ruleTests {
		t.Run(tc.name, func(t *testing.T) {
			r := ruleFor(tc.q)
			require.Equal(t, tc.cadical, r.Cadical)
			require.Equal(t, tc.why, r.Name)
			e, why := pick(tc.q)
			switch {
			case !tc.cadical:
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

// TestAutoIgnoresComments: the pick follows the Config's hint, never a
// comment of the formula, which names its kind only for a file read back
// (package puzzlesat's SolveCNF).
func TestAutoIgnoresComments(t *testing.T) {
	_, built := Cadical()
	for _, tc := range []struct {
		hint Hint
		want string
	}{
		{nil, "other-formula"},
		{Hint{{Name: "gini-rule"}}, "gini-rule"},
	} {
		f := cnf.New()
		f.Comment("puzzlesat sudoku 16x16")
		f.Add(f.Lit())
		s := Config{Engine: Auto(), Hint: tc.hint}.New(f)
		_, err := s.Solve(context.Background())
		require.NoError(t, err)
		if tc.hint == nil && !built {
			tc.want = "no-cadical"
		}
		require.Equal(t, tc.want, s.Stats().Picks[0].Why)
		s.Close()
	}
}

// TestAutoStreams: a streaming formula picks at its hint by the rules of
// its Config's Hint, hands the clauses it held to the pick, and streams
// the rest straight into it; one without a hint picks once pendingLits
// have come. Each then answers right, into gini or CaDiCaL.
func TestAutoStreams(t *testing.T) {
	_, built := Cadical()
	for _, cadical := range []bool{false, true} {
		want := "gini(to-gini)"
		rules := Hint{{Name: "to-gini"}}
		if cadical {
			rules = Hint{{Name: "to-cadical", Cadical: true}}
			want = "gini(no-cadical)"
			if built {
				want = "cadical(to-cadical)"
			}
		}
		for _, hint := range []bool{true, false} {
			f := cnf.New()
			s := Config{Engine: Auto(), Hint: rules}.NewStreaming(f)
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
