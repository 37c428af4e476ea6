package dfs_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/chaptertest"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/trace"
)

// sudokuChapterMost bounds the calls of one grid that the tests pin, on
// the judge's grids (the second of poj3076_tedukuri_a.in takes 24,372
// with every cut on, 1.1 million without fewest-first) and on random ones.
const sudokuChapterMost, sudokuChapterMostRandom = 30_000, 20_000

// poj3076 writes 16x16 grids as the chapter's program reads them: 16
// lines of letters A-P, '-' blank.
func poj3076(grids []sudoku.Instance) string {
	var b strings.Builder
	for _, g := range grids {
		for i, v := range g.Cells {
			if v == 0 {
				b.WriteByte('-')
			} else {
				b.WriteByte(byte('A' + v - 1))
			}
			if i%16 == 15 {
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

// TestSudokuChapterSample pins the calls on the judge's sample that
// docs/walkthrough.md gives, every cut on and each off in turn; without
// cut 2 the sample takes 289,891 calls (as the chapter's program counts
// them), too many for this test.
func TestSudokuChapterSample(t *testing.T) {
	ps := dfs.SudokuChapterPrunings()
	text, err := os.ReadFile(filepath.Join("..", "testdata", "sample.in"))
	require.NoError(t, err)
	grids, err := sudoku.Parse("sample.in", strings.NewReader(string(text)), "")
	require.NoError(t, err)
	for _, tc := range []struct {
		spec  string
		nodes int64
		cuts  []int64 // 1 to 5
	}{
		{"chapter", 5668, []int64{10532, 12824, 11587, 9723, 3893}},
		{"chapter,-1", 7193, []int64{0, 14504, 14645, 12917, 5623}},
		{"chapter,-3", 25722, []int64{47789, 65977, 0, 54604, 18131}},
		{"chapter,-4", 38250, []int64{75176, 107823, 77342, 0, 26408}},
		{"chapter,-5", 54543, []int64{215251, 154602, 119804, 82371, 0}},
	} {
		a, st, err := dfs.SudokuChapter(context.Background(), grids[0], search.Run{Prunings: chaptertest.Set(t, ps, tc.spec), CountCuts: true})
		require.NoError(t, err)
		require.NoError(t, grids[0].Verify(a))
		require.Equal(t, tc.nodes, st.Nodes, tc.spec)
		require.Equal(t, tc.cuts, st.Cuts, tc.spec)
	}
}

// TestSudokuChapterJudge pins the search against the chapter's program on
// the judge's 16x16 grids, every cut on and each off in turn.
func TestSudokuChapterJudge(t *testing.T) {
	prog := chaptertest.Program(t, filepath.Join("..", "testdata", "chapter.cpp"))
	var grids []sudoku.Instance
	for _, f := range []string{"sample.in", "poj3076_tedukuri_a.in", "michael404_16x16_poj3076fmt.in"} {
		text, err := os.ReadFile(filepath.Join("..", "testdata", f))
		require.NoError(t, err)
		gs, err := sudoku.Parse(f, strings.NewReader(string(text)), "")
		require.NoError(t, err)
		grids = append(grids, gs...)
	}
	checkSudokuChapter(t, prog, grids, sudokuChapterMost)
}

// TestSudokuChapterRandom pins it on random 16x16 grids of the kind's
// generator: a few with one answer and as few givens as that allows, and
// grids with a share of their cells blank, which may have several answers
// (the two searches find the same first one).
func TestSudokuChapterRandom(t *testing.T) {
	prog := chaptertest.Program(t, filepath.Join("..", "testdata", "chapter.cpp"))
	rng := rand.New(rand.NewPCG(3076, 169))
	var grids []sudoku.Instance
	for range 2 {
		grids = append(grids, gen.Random(rng, 4))
	}
	for range 30 {
		grids = append(grids, gen.RandomBlanks(rng, 4, 0.4+0.35*rng.Float64()))
	}
	checkSudokuChapter(t, prog, grids, sudokuChapterMostRandom)
}

// checkSudokuChapter runs the program and the search on 16x16 grids with
// every cut on and each off in turn, and requires the same grids, calls
// and counts, and answers that pass Verify; a grid past most calls is left
// out of its run.
func checkSudokuChapter(t *testing.T, prog string, grids []sudoku.Instance, most int64) {
	ps := dfs.SudokuChapterPrunings()
	input := poj3076(grids)
	args, specs := chaptertest.Offs(ps)
	runs := make([][]chaptertest.Counts, len(specs))
	for c, spec := range specs {
		want := chaptertest.Run(t, prog, input, args[c], most, 16)
		require.Len(t, want, len(grids), spec)
		runs[c] = want
		on := chaptertest.Set(t, ps, spec)
		pinned := 0
		for i, p := range grids {
			if want[i].Over {
				continue
			}
			pinned++
			what := fmt.Sprintf("%s, grid %d", spec, i+1)
			a, st, err := dfs.SudokuChapter(context.Background(), p, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err, what)
			require.NoError(t, p.Verify(a), what)
			require.Equal(t, want[i].Answer, strings.TrimSuffix(poj3076([]sudoku.Instance{{Box: 4, Cells: a.Cells}}), "\n"), what)
			chaptertest.RequireCounts(t, ps, want[i], st, what)
		}
		t.Logf("%s: %d of %d grids pinned", spec, pinned, len(grids))
		require.Greater(t, pinned, len(grids)/3, spec)
	}
	chaptertest.RequireZeroRemovesNothing(t, ps, runs)
}

// TestSudokuChapterSizes: the search solves every size up to 64x64 the
// way it solves 16x16, and says why it refuses a larger one, an answerless
// grid, and a done context.
func TestSudokuChapterSizes(t *testing.T) {
	on := chaptertest.Set(t, dfs.SudokuChapterPrunings(), "chapter")
	rng := rand.New(rand.NewPCG(9, 25))
	for box := 2; box <= 8; box++ {
		blanks := 0.5
		if box > 4 {
			blanks = 0.3 // half blank, some take the search minutes
		}
		p := gen.RandomBlanks(rng, box, blanks)
		a, _, err := dfs.SudokuChapter(context.Background(), p, search.Run{Prunings: on, CountCuts: true})
		require.NoError(t, err, "box %d", box)
		require.NoError(t, p.Verify(a), "box %d", box)
	}
	_, _, err := dfs.SudokuChapter(context.Background(), sudoku.Instance{Box: 9, Cells: make([]int16, 81*81)}, search.Run{Prunings: on, CountCuts: true})
	require.ErrorContains(t, err, "takes boxes 2 to 8")
	clash := sudoku.Instance{Box: 2, Cells: []int16{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}
	_, _, err = dfs.SudokuChapter(context.Background(), clash, search.Run{Prunings: on, CountCuts: true})
	require.ErrorIs(t, err, puzzle.ErrNoSolution)
	none := sudoku.Instance{Box: 2, Cells: []int16{1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3}}
	_, _, err = dfs.SudokuChapter(context.Background(), none, search.Run{Prunings: on, CountCuts: true})
	require.ErrorIs(t, err, puzzle.ErrNoSolution)
	_, _, err = dfs.SudokuChapter(chaptertest.Cancelled(), gen.RandomBlanks(rng, 4, 0.5), search.Run{Prunings: on, CountCuts: true})
	require.ErrorIs(t, err, context.Canceled)
}

// TestSudokuChapterTrace: the traced search draws a decision per call and
// says what each cut removed.
func TestSudokuChapterTrace(t *testing.T) {
	ps := dfs.SudokuChapterPrunings()
	text, err := os.ReadFile(filepath.Join("..", "testdata", "sample.in"))
	require.NoError(t, err)
	grids, err := sudoku.Parse("sample.in", strings.NewReader(string(text)), "")
	require.NoError(t, err)
	rec := trace.NewRecorder(1<<20, "sample")
	a, st, err := dfs.SudokuChapter(context.Background(), grids[0], search.Run{Prunings: chaptertest.Set(t, ps, "chapter"), Sink: rec})
	require.NoError(t, err)
	require.NoError(t, grids[0].Verify(a))
	tree := rec.Tree(ps, []bool{true, true, true, true, true}, st.Cuts)
	var decisions int64
	var leaves []string
	for _, n := range tree.Nodes[1:] {
		if n.Leaf() {
			leaves = append(leaves, n.Pruning+": "+n.Label)
		} else {
			decisions++
		}
	}
	require.Equal(t, st.Nodes, decisions)
	for i, pc := range tree.Prunings {
		require.Equal(t, st.Cuts[i], pc.Drawn, pc.Name)
	}
	text2 := strings.Join(leaves, "\n")
	for _, want := range []string{"naked-singles: ", " with one letter: r", "row-singles: ", " with one place in a row: r",
		"column-singles: ", "box-singles: ", "fewest-first: ", " chosen with the fewest letters"} {
		require.Contains(t, text2, want)
	}
}
