package solver

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// BenchmarkPortfolioHeadStart solves many small formulas, as the
// digit-puzzle oracle asks, with the portfolio of gini and every known
// solver on PATH, the programs starting with gini or after a head start.
func BenchmarkPortfolioHeadStart(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var fs []*cnf.CNF
	for range 50 {
		fs = append(fs, randomCNF(rng, 30, 120))
	}
	members := append([]Engine{Gini()}, Installed()...)
	for _, head := range []time.Duration{0, defaultHeadStart} {
		b.Run(head.String(), func(b *testing.B) {
			e := newPortfolio("portfolio", members, len(members))
			e.headStart, e.paced = head, false
			var st Stats
			for b.Loop() {
				for _, f := range fs {
					s := Config{Engine: e}.New(f)
					if _, err := s.Solve(context.Background()); err != nil {
						b.Fatal(err)
					}
					st.Add(s.Stats())
				}
			}
			b.ReportMetric(float64(st.Solves)/float64(b.N), "solves/op")
			b.Logf("winners: %s", st.Winner())
		})
	}
}

// fakeProgram writes a shell script called name that reads its input
// (stdin or the file $1) and then runs body, and returns it as a program
// engine, found on PATH or named by the user.
func fakeProgram(t *testing.T, name, body string, found bool) *program {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	// The commands by their paths, so that a test may change PATH after.
	body = strings.ReplaceAll(body, "sleep ", mustLook(t, "sleep")+" ")
	script := "#!/bin/sh\nif [ -n \"$1\" ]; then cat \"$1\" >/dev/null; else cat >/dev/null; fi\n" + body + "\n"
	script = strings.ReplaceAll(script, "cat ", mustLook(t, "cat")+" ")
	require.NoError(t, os.WriteFile(path, []byte(script), 0o755))
	e, err := Program(path)
	require.NoError(t, err)
	p := e.(*program)
	p.found = found
	return p
}

// waitFor returns a line of shell that waits until the file path exists:
// a fake program's cue from the test or from another fake, in place of
// a time it would guess.
func waitFor(path string) string {
	return "until [ -e " + path + " ]; do sleep 0.005; done; "
}

// mustLook returns the path of the command name.
func mustLook(t *testing.T, name string) string {
	t.Helper()
	abs, err := exec.LookPath(name)
	require.NoError(t, err)
	return abs
}

// TestPortfolioDoubtsFoundPrograms: the UNSAT answer of a program found
// on PATH wins only once another member agrees. A lying one is overruled
// by a model that comes later, confirmed by a true UNSAT that comes
// later, and, left alone, fails the solve; a program the user named is
// believed on its own, as outside a portfolio.
func TestPortfolioDoubtsFoundPrograms(t *testing.T) {
	sat := func() *cnf.CNF { // (1 ∨ 2) ∧ (¬1 ∨ 2): 2 is true
		f := cnf.New()
		a, b := f.Lit(), f.Lit()
		f.Add(a, b)
		f.Add(a.Not(), b)
		return f
	}
	unsat := func() *cnf.CNF {
		f := sat()
		f.Add(cnf.Var(2).Neg())
		return f
	}
	const lie = "echo 's UNSATISFIABLE'; exit 20"
	slowModel := "sleep 0.3; printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10"
	slowUnsat := "sleep 0.3; " + lie
	tests := []struct {
		name    string
		f       *cnf.CNF
		members func() []Engine
		want    Status
		winner  string
		err     error
	}{
		{"a model overrules the lie", sat(), func() []Engine {
			return []Engine{fakeProgram(t, "picosat", lie, true), fakeProgram(t, "slow", slowModel, false)}
		}, Sat, "slow", nil},
		{"a second UNSAT confirms", unsat(), func() []Engine {
			return []Engine{fakeProgram(t, "picosat", lie, true), fakeProgram(t, "slow", slowUnsat, false)}
		}, Unsat, "slow", nil},
		{"two programs found agree", unsat(), func() []Engine {
			// The other answers once the liar has: its UNSAT is the one
			// that confirms, whatever the scheduler does.
			marker := filepath.Join(t.TempDir(), "lied")
			return []Engine{
				fakeProgram(t, "picosat", "echo 's UNSATISFIABLE'; : > "+marker+"; exit 20", true),
				fakeProgram(t, "other", waitFor(marker)+lie, true),
			}
		}, Unsat, "other", nil},
		{"alone, the lie fails", sat(), func() []Engine {
			return []Engine{fakeProgram(t, "picosat", lie, true), fakeProgram(t, "crash", "kill -SEGV $$", false)}
		}, Unknown, "", ErrUnconfirmed},
		{"named by the user, believed", sat(), func() []Engine {
			return []Engine{fakeProgram(t, "picosat", lie, false), fakeProgram(t, "silent", "sleep 1000", false)}
		}, Unsat, "picosat", nil},
		{"gini overrules the lie", sat(), func() []Engine {
			return []Engine{Gini(), fakeProgram(t, "picosat", "sleep 0.1; "+lie, true)}
		}, Sat, "gini", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ms := tc.members()
			e := newPortfolio("portfolio", ms, len(ms))
			e.headStart, e.paced = 0, false
			s := Config{Engine: e}.New(tc.f)
			defer s.Close()
			st, err := s.Solve(context.Background())
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, st)
			if w := s.Stats().Winner(); tc.winner != "gini" {
				require.Equal(t, tc.winner, filepath.Base(w))
			} else {
				require.Equal(t, "gini", w)
			}
		})
	}
}

// TestFoundProgramsAreDoubted: the portfolio that ParseEngine makes
// enlists the known programs on PATH as found, and a lying picosat there
// does not make a satisfiable formula UNSAT: its answer waits for another
// member's, here a slow one's model.
func TestFoundProgramsAreDoubted(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(dir, "answered")
	// The model comes once the liar has answered (the first time), so
	// that the liar is heard, however slowly its process starts.
	slow := fakeProgram(t, "slow", waitFor(marker)+"printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10", false)
	script := "#!/bin/sh\n" + mustLook(t, "cat") + " >/dev/null\necho 's UNSATISFIABLE'\n: > " + marker + "\nexit 20\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "picosat"), []byte(script), 0o755))
	t.Setenv("PATH", dir) // the fake is the only known program found
	e, err := ParseEngine("portfolio")
	require.NoError(t, err)
	p := e.(*portfolio)
	var found []Engine
	for _, m := range p.members {
		if pr, ok := m.(*program); ok {
			require.True(t, pr.found, pr.name)
			found = append(found, m)
		}
	}
	require.Len(t, found, 1, "the fake picosat, and nothing else")
	p.members, p.headStart, p.paced = append(found, slow), 0, false
	for range 5 {
		f := cnf.New()
		a, b := f.Lit(), f.Lit()
		f.Add(a, b)
		f.Add(a.Not(), b)
		s := Config{Engine: p}.New(f)
		st, err := s.Solve(context.Background())
		s.Close()
		require.NoError(t, err)
		require.Equal(t, Sat, st)
		require.Equal(t, "slow", filepath.Base(s.Stats().Winner()))
	}
	_, err = os.Stat(marker)
	require.NoError(t, err, "the liar answered")
}

// TestPortfolioRank: the order in which a portfolio's members join a
// race, by auto's rules: the pick in process first, the other engines in
// process next, then the programs by programRanks and any other program
// last; the program of the pick leads a query that is no step of a loop
// when the pick is not built in.
func TestPortfolioRank(t *testing.T) {
	_, built := Cadical()
	prog := func(name string) Engine {
		spec := known(name)
		if spec == nil {
			spec = &anyProgram
		}
		return &program{name: name, path: "/bin/false", spec: spec}
	}
	in := []Engine{prog("/opt/other"), prog("picosat"), prog("minisat"), Gini(), prog("clasp"), prog("cadical")}
	if built {
		in = append(in, builtCadical())
	}
	var ms []member
	for _, e := range in {
		ms = append(ms, member{engine: e})
	}
	progs := []string{"clasp", "minisat", "picosat", "/opt/other"}
	for _, tc := range []struct {
		name        string
		q           facts
		built, pure []string
	}{
		{"gini's rule", facts{hint: Hint{{Name: "to-gini"}}},
			append([]string{"gini(in)", "cadical(in)", "cadical"}, progs...),
			append([]string{"gini(in)", "cadical"}, progs...)},
		{"cadical's rule", facts{hint: Hint{{Name: "to-cadical", Cadical: true}}},
			append([]string{"cadical(in)", "gini(in)", "cadical"}, progs...),
			append([]string{"cadical", "gini(in)"}, progs...)},
		{"cadical's rule in a loop", facts{hint: Hint{{Name: "to-cadical", Cadical: true}}, Formula: Formula{Loop: true}},
			append([]string{"cadical(in)", "gini(in)", "cadical"}, progs...),
			append([]string{"gini(in)", "cadical"}, progs...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, m := range rank(ms, tc.q) {
				name := m.engine.Name()
				if m.inProcess() {
					name += "(in)"
				}
				got = append(got, name)
			}
			want := tc.pure
			if built {
				want = tc.built
			}
			require.Equal(t, want, got)
		})
	}
}

// builtCadical returns CaDiCaL in process; nil when it is not built in.
func builtCadical() Engine {
	e, _ := Cadical()
	return e
}
