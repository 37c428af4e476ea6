package dfs_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/chaptertest"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cats/gen"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/trace"
)

// catsChapterMost bounds the calls of one instance that the tests pin.
const catsChapterMost = 100_000

// catsSample is the statement's sample.
var catsSample = cats.Instance{W: 1996, Weights: []int{1, 2, 1994, 12, 29}}

// TestCatsChapterSample pins the sample by hand.
func TestCatsChapterSample(t *testing.T) {
	ps := dfs.CatsChapterPrunings()
	for _, tc := range []struct {
		spec  string
		nodes int64
		cuts  []int64 // 1, 3, 4
	}{
		{"chapter", 10, []int64{9, 3, 4}},
		{"chapter,-1", 9, []int64{0, 3, 3}},
		{"chapter,-3", 48, []int64{47, 0, 4}},
		{"chapter,-4", 37, []int64{36, 4, 0}},
	} {
		a, st, err := dfs.CatsChapter(context.Background(), catsSample, search.Run{Prunings: chaptertest.Set(t, ps, tc.spec), CountCuts: true})
		require.NoError(t, err)
		require.Len(t, a.Cars, 2, tc.spec)
		require.NoError(t, catsSample.Verify(a))
		require.Equal(t, tc.nodes, st.Nodes, tc.spec)
		require.Equal(t, tc.cuts, st.Cuts, tc.spec)
	}
}

// TestCatsChapterRandom pins the search against the contest search, the
// sample and random chaptertest.Join of the kind's generator, every cut on and
// each off in turn.
func TestCatsChapterRandom(t *testing.T) {
	prog := chaptertest.Program(t, filepath.Join("..", "testdata", "chapter.cpp"))
	rng := rand.New(rand.NewPCG(165, 18))
	cats := []cats.Instance{catsSample}
	for range 200 {
		w := 10 + rng.IntN(1000)
		cats = append(cats, gen.Random(rng, 1+rng.IntN(11), w, 1+rng.IntN(w)))
	}
	ps := dfs.CatsChapterPrunings()
	input := chaptertest.Join(cats)
	args, specs := chaptertest.Offs(ps)
	runs := make([][]chaptertest.Counts, len(specs))
	for c, spec := range specs {
		want := chaptertest.Run(t, prog, input, args[c], catsChapterMost, 0)
		require.Len(t, want, len(cats), spec)
		runs[c] = want
		on := chaptertest.Set(t, ps, spec)
		pinned := 0
		for i, p := range cats {
			if want[i].Over {
				continue
			}
			pinned++
			what := fmt.Sprintf("%s, instance %d %v", spec, i+1, p)
			a, st, err := dfs.CatsChapter(context.Background(), p, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err, what)
			require.NoError(t, p.Verify(a), what)
			require.Equal(t, want[i].Answer, strconv.Itoa(len(a.Cars)), what)
			chaptertest.RequireCounts(t, ps, want[i], st, what)
		}
		t.Logf("%s: %d of %d chaptertest.Join pinned", spec, pinned, len(cats))
		require.Greater(t, pinned, len(cats)/2, spec)
	}
	chaptertest.RequireZeroRemovesNothing(t, ps, runs)
}

// TestCatsChapterStops: a search under a done context stops with its
// error, and a cat heavier than W has no answer.
func TestCatsChapterStops(t *testing.T) {
	on := chaptertest.Set(t, dfs.CatsChapterPrunings(), "chapter")
	_, _, err := dfs.CatsChapter(chaptertest.Cancelled(), catsSample, search.Run{Prunings: on, CountCuts: true})
	require.ErrorIs(t, err, context.Canceled)
	_, _, err = dfs.CatsChapter(context.Background(), cats.Instance{W: 5, Weights: []int{3, 6}}, search.Run{Prunings: on, CountCuts: true})
	require.ErrorIs(t, err, puzzle.ErrNoSolution)
}

// TestCatsChapterTrace: the traced search draws a decision per call and
// says what each cut removed.
func TestCatsChapterTrace(t *testing.T) {
	ps := dfs.CatsChapterPrunings()
	rec := trace.NewRecorder(1<<20, "sample")
	_, st, err := dfs.CatsChapter(context.Background(), catsSample, search.Run{Prunings: chaptertest.Set(t, ps, "chapter"), Sink: rec})
	require.NoError(t, err)
	tree := rec.Tree(ps, []bool{true, true, true}, st.Cuts)
	var decisions int64
	labels := map[string]bool{}
	for _, n := range tree.Nodes[1:] {
		if n.Leaf() {
			labels[n.Pruning+": "+n.Label] = true
		} else {
			decisions++
		}
	}
	require.Equal(t, st.Nodes, decisions)
	for i, pc := range tree.Prunings {
		require.Equal(t, st.Cuts[i], pc.Drawn, pc.Name)
	}
	for _, l := range []string{
		"heaviest-first: 9 cats placed, heaviest first",
		"capacity: car 1: 1994 + 29 > 1996",
		"fewer-cars: 2 cars >= best 2",
	} {
		require.True(t, labels[l], "%s in %v", l, labels)
	}
}
