package sat

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
)

// unitPropagate returns the literals that unit propagation on f forces,
// by value per literal (1 true, -1 false), and false on a conflict: the
// reference that SudokuSingles must match.
func unitPropagate(f *cnf.CNF) ([]int8, bool) {
	val := make([]int8, 2*f.NumVars()+2)
	for changed := true; changed; {
		changed = false
		for i := range f.NumClauses() {
			var open []cnf.Lit
			sat := false
			for _, l := range f.Clause(i) {
				switch val[l] {
				case 1:
					sat = true
				case 0:
					open = append(open, l)
				}
			}
			switch {
			case sat:
			case len(open) == 0:
				return val, false
			case len(open) == 1:
				val[open[0]], val[open[0]^1] = 1, -1
				changed = true
			}
		}
	}
	return val, true
}

// TestSudokuSinglesIsUnitPropagation: the cells SudokuSingles places, the
// candidates it removes and the contradictions it finds are exactly what
// unit propagation deduces from the formula of the givens, on random
// puzzles (some with wrong givens) and the judge's.
func TestSudokuSinglesIsUnitPropagation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ps []sudoku.Instance
	for _, box := range []int{2, 3, 3, 4, 6} {
		side := box * box
		for trial := range 12 {
			full := sudokuref.Shuffled(rng, box)
			p := sudoku.Instance{Box: box, Cells: make([]int16, side*side)}
			for _, i := range rng.Perm(side * side)[:side*side*(3+trial%4)/10] {
				p.Cells[i] = full[i]
				if trial%3 == 0 && rng.IntN(12) == 0 {
					p.Cells[i] = int16(rng.IntN(side) + 1) // a given that may be wrong
				}
			}
			ps = append(ps, p)
		}
	}
	for _, name := range []string{"top95.txt", "michael404_16x16.puzzles"} {
		text, err := os.ReadFile(judgedata.Path(t, "sudoku", name))
		require.NoError(t, err)
		judge, err := sudoku.Parse(name, bytes.NewReader(text), "")
		require.NoError(t, err)
		ps = append(ps, judge[:min(10, len(judge))]...)
	}
	conflicts := 0
	for i, p := range ps {
		full := Encode(p)
		val, ok := unitPropagate(full.Formula())
		reduced := EncodeIn(cnf.New(), p, Singles)
		if !ok {
			conflicts++
			require.Equal(t, 1, countEmpty(reduced.Formula()), "puzzle %d: propagation fails, so must the encoder", i)
			continue
		}
		require.Zero(t, countEmpty(reduced.Formula()), "puzzle %d", i)
		for k := range p.Side() * p.Side() * p.Side() {
			c, v := k/p.Side(), k%p.Side()+1
			l := full.Lit(c, v)
			want := val[l]
			if value, isConst := full.f.IsConst(l); isConst {
				want = map[bool]int8{true: 1, false: -1}[value]
			}
			got := int8(0)
			if value, isConst := reduced.f.IsConst(reduced.Lit(c, v)); isConst {
				got = map[bool]int8{true: 1, false: -1}[value]
			}
			require.Equal(t, want, got, "puzzle %d cell %d symbol %d", i, c, v)
		}
	}
	require.Positive(t, conflicts)
}

// countEmpty returns the number of empty clauses of f.
func countEmpty(f *cnf.CNF) int {
	n := 0
	for i := range f.NumClauses() {
		if len(f.Clause(i)) == 0 {
			n++
		}
	}
	return n
}

// TestSudokuNames: DIMACS export names every cell variable, lazily.
func TestSudokuNames(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "testdata", "sample.in"))
	require.NoError(t, err)
	ps, err := sudoku.Parse("in", bytes.NewReader(text), "")
	require.NoError(t, err)
	q := Encode(ps[0])
	var buf bytes.Buffer
	require.NoError(t, cnf.WriteDIMACS(&buf, q.Formula()))
	names := strings.Count(buf.String(), "\nc var ")
	require.Equal(t, len(q.Vars())+1, names, "the cell variables and the constant true")
	require.Contains(t, buf.String(), "c var 2 r1c1=")
	numeric := sudoku.Instance{Box: 2, Cells: make([]int16, 16), Layout: sudoku.Numeric}
	require.Equal(t, "r1c1=1", Encode(numeric).name(2))
}

// TestSudokuDecided: unit propagation solves a puzzle with one blank, and
// leaves variables in one with many; counting the latter by SAT is
// exercised in package sat.
func TestSudokuDecided(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	full := sudokuref.Shuffled(rng, 3)
	p := sudoku.Instance{Box: 3, Cells: append([]int16(nil), full...)}
	p.Cells[40] = 0
	q := EncodeIn(cnf.New(), p, Singles)
	require.True(t, q.Decided())
	m := make(cnf.Model, q.f.NumVars()+1)
	m[q.f.True().Var()] = true
	a, err := q.Decode(m)
	require.NoError(t, err)
	require.Equal(t, full, a.Cells)
	require.False(t, EncodeIn(cnf.New(), sudoku.Instance{Box: 3, Cells: make([]int16, 81)}, Singles).Decided())
}
