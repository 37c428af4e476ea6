package gen_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/search"
)

// TestSudokuUnique checks that generated puzzles parse back from their
// String, have exactly one answer, and, for box 2 to 4, lose it when any
// clue goes.
func TestSudokuUnique(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	boxes := []struct{ box, count int }{{2, 10}, {3, 10}, {4, 2}, {5, 1}}
	for _, tc := range boxes {
		if tc.box == 5 && testing.Short() {
			continue // a few seconds
		}
		var text strings.Builder
		var ps []sudoku.Instance
		for range tc.count {
			p := gen.Random(rng, tc.box)
			require.Equal(t, sudoku.Alphabet(tc.box), p.Alphabet)
			n, _, err := dfs.Count(context.Background(), p, 2, search.Run{})
			require.NoError(t, err)
			require.Equal(t, 1, n, "%s", p)
			if tc.box < 5 {
				requireSudokuMinimal(t, p)
			}
			if tc.box == 2 {
				require.Equal(t, sudoku.Grid, p.Layout)
			}
			ps = append(ps, p)
			text.WriteString(p.String())
		}
		again, err := sudoku.Parse("gen", strings.NewReader(text.String()), "")
		require.NoError(t, err)
		for i := range again {
			again[i].Line = 0
		}
		require.Equal(t, ps, again)
	}
}

// requireSudokuMinimal checks that every clue of p is needed.
func requireSudokuMinimal(t *testing.T, p sudoku.Instance) {
	t.Helper()
	for c, v := range p.Cells {
		if v == 0 {
			continue
		}
		q := p
		q.Cells = append([]int16(nil), p.Cells...)
		q.Cells[c] = 0
		n, _, err := dfs.Count(context.Background(), q, 2, search.Run{})
		require.NoError(t, err)
		require.Equal(t, 2, n, "clue %d of %s can go", c, p)
	}
}

func TestSudokuBoxClamped(t *testing.T) {
	p := gen.Random(rand.New(rand.NewPCG(3, 4)), 1)
	require.Equal(t, 2, p.Box)
	require.Len(t, p.Cells, 16)
	require.Equal(t, sudoku.Grid, p.Layout)
	p = gen.RandomBlanks(rand.New(rand.NewPCG(3, 4)), 21, 0.5)
	require.Equal(t, sudoku.MaxBox, p.Box)
}

// TestSudokuBlanks: every box from 2 to 20 gets a valid full grid (the
// puzzle without blanks verifies against itself), the share of blanks
// asked for, and the layout of its size; the same seed gives the same
// grid, another seed another one.
func TestSudokuBlanks(t *testing.T) {
	for box := 2; box <= sudoku.MaxBox; box++ {
		full := gen.RandomBlanks(rand.New(rand.NewPCG(uint64(box), 9)), box, 0)
		require.NoError(t, full.Verify(sudoku.Answer{Cells: full.Cells}), "box %d", box)
		p := gen.RandomBlanks(rand.New(rand.NewPCG(uint64(box), 9)), box, 0.3)
		blank := 0
		for i, v := range p.Cells {
			if v == 0 {
				blank++
			} else {
				require.Equal(t, full.Cells[i], v)
			}
		}
		require.Equal(t, int(0.3*float64(len(p.Cells))+0.5), blank, "box %d", box)
		other := gen.RandomBlanks(rand.New(rand.NewPCG(uint64(box), 10)), box, 0)
		require.NotEqual(t, full.Cells, other.Cells, "box %d", box)
		switch {
		case box == 2:
			require.Equal(t, sudoku.Grid, p.Layout)
		case box <= 6:
			require.Equal(t, sudoku.Line, p.Layout)
		default:
			require.Equal(t, sudoku.Numeric, p.Layout)
		}
	}
}

func BenchmarkSudoku(b *testing.B) {
	for _, box := range []int{3, 4, 5} {
		b.Run("box"+string(rune('0'+box)), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				gen.Random(rng, box)
			}
		})
	}
}
