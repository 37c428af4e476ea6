//go:build cadical

package cadical

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// step is one line of a DRAT proof: a clause added or deleted.
type step struct {
	del  bool
	lits []int
}

// parseDRAT reads a DRAT proof in either form and checks its syntax.
func parseDRAT(data []byte, format ProofFormat) ([]step, error) {
	var steps []step
	if format == TextDRAT {
		for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			var s step
			fields := strings.Fields(line)
			if len(fields) > 0 && fields[0] == "d" {
				s.del, fields = true, fields[1:]
			}
			if len(fields) == 0 || fields[len(fields)-1] != "0" {
				return nil, fmt.Errorf("line %d %q: not ended by 0", i+1, line)
			}
			for _, f := range fields[:len(fields)-1] {
				d, err := strconv.Atoi(f)
				if err != nil || d == 0 {
					return nil, fmt.Errorf("line %d %q: bad literal %q", i+1, line, f)
				}
				s.lits = append(s.lits, d)
			}
			steps = append(steps, s)
		}
		return steps, nil
	}
	for i := 0; i < len(data); {
		var s step
		switch data[i] {
		case 'a':
		case 'd':
			s.del = true
		default:
			return nil, fmt.Errorf("byte %d: %q is neither 'a' nor 'd'", i, data[i])
		}
		i++
		for {
			var u uint64
			shift := 0
			for {
				if i >= len(data) {
					return nil, errors.New("proof ends inside a clause")
				}
				b := data[i]
				i++
				u |= uint64(b&0x7f) << shift
				shift += 7
				if b < 0x80 {
					break
				}
			}
			if u == 0 {
				break
			}
			d := int(u >> 1)
			if u&1 == 1 {
				d = -d
			}
			s.lits = append(s.lits, d)
		}
		steps = append(steps, s)
	}
	return steps, nil
}

// writeDIMACS writes the clauses as a DIMACS file over n variables.
func writeDIMACS(t *testing.T, path string, n int, cls [][]cnf.Lit) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "p cnf %d %d\n", n, len(cls))
	for _, c := range cls {
		for _, l := range c {
			fmt.Fprintf(&b, "%d ", l.Dimacs())
		}
		b.WriteString("0\n")
	}
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
}

var proofTests = []struct {
	name   string
	format ProofFormat
	flag   string // the cadical program's flag for the same format
}{
	{"binary", BinaryDRAT, "--binary=true"},
	{"text", TextDRAT, "--binary=false"},
}

// TestTraceProof proves PHP(4,3) unsatisfiable in both forms, checks that
// the proof is well formed and ends in the empty clause, and compares it
// with the proof the cadical program writes for the same formula.
func TestTraceProof(t *testing.T) {
	cls := pigeons(3, 0)
	dir := t.TempDir()
	cnfPath := filepath.Join(dir, "php4.cnf")
	writeDIMACS(t, cnfPath, 12, cls)
	for _, tc := range proofTests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".drat")
			f, err := os.Create(path)
			require.NoError(t, err)
			s := newSolver(t, nil)
			require.NoError(t, s.TraceProof(f, tc.format))
			require.NoError(t, f.Close(), "the solver writes through its own descriptor")
			addAll(s, cls)
			st, err := s.Solve(context.Background())
			require.NoError(t, err)
			require.Equal(t, Unsat, st)
			require.NoError(t, s.FlushProof())
			require.NoError(t, s.CloseProof())
			require.ErrorIs(t, s.CloseProof(), ErrState)

			data, err := os.ReadFile(path)
			require.NoError(t, err)
			steps, err := parseDRAT(data, tc.format)
			require.NoError(t, err)
			require.NotEmpty(t, steps)
			require.Equal(t, step{}, steps[len(steps)-1], "the proof ends by adding the empty clause")
			for _, s := range steps {
				for _, d := range s.lits {
					require.LessOrEqual(t, max(d, -d), 12)
				}
			}

			prog, err := exec.LookPath("cadical")
			if err != nil {
				t.Skip("the cadical program is not on PATH; its proof is not compared")
			}
			want := filepath.Join(dir, tc.name+".prog.drat")
			err = exec.Command(prog, "-q", tc.flag, cnfPath, want).Run()
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit)
			require.Equal(t, 20, exit.ExitCode())
			wantData, err := os.ReadFile(want)
			require.NoError(t, err)
			wantSteps, err := parseDRAT(wantData, tc.format)
			require.NoError(t, err)
			require.Equal(t, wantSteps, steps, "the same solver on the same clauses writes the same proof")
			require.Equal(t, wantData, data)
		})
	}
}

// TestProofIncremental checks that a proof spans solves: Unsat under an
// assumption adds no empty clause, and the clauses' own Unsat later does.
// The clauses added are not in the proof (DRAT leaves the original
// clauses to the checker), so a checker needs every clause added, the
// later ones included.
func TestProofIncremental(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proof.drat")
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	sel := cnf.Var(13).Pos()
	s, err := New()
	require.NoError(t, err)
	require.NoError(t, s.TraceProof(f, TextDRAT))
	require.ErrorIs(t, s.TraceProof(f, TextDRAT), ErrState, "one proof per solver")
	addAll(s, pigeons(3, sel))
	st, err := s.Solve(context.Background(), sel)
	require.NoError(t, err)
	require.Equal(t, Unsat, st)
	require.NoError(t, s.FlushProof())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NotContains(t, "\n"+string(data), "\n0\n", "no empty clause under an assumption")

	s.AddClause([]cnf.Lit{sel})
	st, err = s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, Unsat, st)
	require.NoError(t, s.Close(), "Close ends the proof")
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	steps, err := parseDRAT(data, TextDRAT)
	require.NoError(t, err)
	// CaDiCaL may delete clauses after the empty clause (here the unit
	// sel, when the solver is deleted), which a DRAT checker ignores.
	require.Contains(t, steps, step{}, "the empty clause ends the refutation")
}

func TestTraceProofAfterClause(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "proof.drat"))
	require.NoError(t, err)
	defer f.Close()
	s := newSolver(t, nil)
	s.AddClause([]cnf.Lit{lit(1)})
	require.ErrorIs(t, s.TraceProof(f, BinaryDRAT), ErrState)
}
