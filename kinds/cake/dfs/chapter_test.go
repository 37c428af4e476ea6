package dfs_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/chaptertest"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cake/gen"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/trace"
)

// cakeChapterMost bounds the calls of one pair that the tests pin: without
// cut 1 or 5 the judge's largest pairs take millions.
const cakeChapterMost = 100_000

// TestCakeChapterSample pins the sample by hand.
func TestCakeChapterSample(t *testing.T) {
	ps := dfs.CakeChapterPrunings()
	p := cake.Instance{Volume: 100, Layers: 2}
	for _, tc := range []struct {
		spec  string
		nodes int64
		cuts  []int64 // 1 to 5
	}{
		{"chapter", 95, []int64{94, 10, 2, 11, 22}},
		{"chapter,-1", 399, []int64{0, 10, 2, 1, 1}},
		{"chapter,-5", 268, []int64{267, 10, 2, 11, 0}},
	} {
		a, st, err := dfs.CakeChapter(context.Background(), p, search.Run{Prunings: chaptertest.Set(t, ps, tc.spec), CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, 68, a.Area, tc.spec)
		require.NoError(t, p.Verify(a))
		require.Equal(t, tc.nodes, st.Nodes, tc.spec)
		require.Equal(t, tc.cuts, st.Cuts, tc.spec)
	}
}

// TestCakeChapterJudge pins the search against the chapter's program on
// the judge's pairs, every cut on and each off in turn.
func TestCakeChapterJudge(t *testing.T) {
	prog := chaptertest.Program(t, filepath.Join("..", "testdata", "chapter.cpp"))
	var cakes []cake.Instance
	for _, f := range []string{"sample.in", "cake1.in", "cake2.in", "cake3.in", "cake4.in", "cake5.in"} {
		text, err := os.ReadFile(filepath.Join("..", "testdata", f))
		require.NoError(t, err)
		cs, err := cake.Parse(f, bytes.NewReader(text))
		require.NoError(t, err)
		cakes = append(cakes, cs...)
	}
	checkCakeChapter(t, prog, cakes)
}

// TestCakeChapterRandom pins it on random pairs of the kind's generator.
func TestCakeChapterRandom(t *testing.T) {
	prog := chaptertest.Program(t, filepath.Join("..", "testdata", "chapter.cpp"))
	rng := rand.New(rand.NewPCG(168, 1190))
	cakes := make([]cake.Instance, 100)
	for i := range cakes {
		cakes[i] = gen.Random(rng)
	}
	checkCakeChapter(t, prog, cakes)
}

// checkCakeChapter runs the program and the search on cakes with every
// cut on and each off in turn, and requires the same areas, calls and
// counts, and answers that pass Verify.
func checkCakeChapter(t *testing.T, prog string, cakes []cake.Instance) {
	ps := dfs.CakeChapterPrunings()
	input := chaptertest.Join(cakes)
	args, specs := chaptertest.Offs(ps)
	runs := make([][]chaptertest.Counts, len(specs))
	for c, spec := range specs {
		want := chaptertest.Run(t, prog, input, args[c], cakeChapterMost, 0)
		require.Len(t, want, len(cakes), spec)
		runs[c] = want
		on := chaptertest.Set(t, ps, spec)
		pinned := 0
		for i, p := range cakes {
			if want[i].Over {
				continue
			}
			pinned++
			what := fmt.Sprintf("%s, cake %d (N=%d, M=%d)", spec, i+1, p.Volume, p.Layers)
			a, st, err := dfs.CakeChapter(context.Background(), p, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err, what)
			require.NoError(t, p.Verify(a), what)
			require.Equal(t, want[i].Answer, strconv.Itoa(a.Area), what)
			chaptertest.RequireCounts(t, ps, want[i], st, what)
		}
		t.Logf("%s: %d of %d cakes pinned", spec, pinned, len(cakes))
		require.GreaterOrEqual(t, pinned, len(cakes)/3, spec)
	}
	chaptertest.RequireZeroRemovesNothing(t, ps, runs)
}

// TestCakeChapterStops: a search under a done context stops with its
// error.
func TestCakeChapterStops(t *testing.T) {
	_, _, err := dfs.CakeChapter(chaptertest.Cancelled(), cake.Instance{Volume: 10000, Layers: 1}, search.Run{Prunings: chaptertest.Set(t, dfs.CakeChapterPrunings(), "chapter"), CountCuts: true})
	require.ErrorIs(t, err, context.Canceled)
}

// TestCakeChapterTrace: the traced search draws a decision per call and
// says what each cut removed, optimality cuts with the best they beat.
func TestCakeChapterTrace(t *testing.T) {
	ps := dfs.CakeChapterPrunings()
	p := cake.Instance{Volume: 100, Layers: 2}
	rec := trace.NewRecorder(1<<20, "sample")
	a, st, err := dfs.CakeChapter(context.Background(), p, search.Run{Prunings: chaptertest.Set(t, ps, "chapter"), Sink: rec})
	require.NoError(t, err)
	require.Equal(t, 68, a.Area)
	tree := rec.Tree(ps, []bool{true, true, true, true, true}, st.Cuts)
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
		"large-first: 94 layers tried, large to small",
		"layer-limits: layer 1: R in 2..7, not 1..10",
		"layer-limits: R=4: H in 2..6, not 1..6",
		"volume-bound: R=5, H=4: volume 100 + 1 > 100",
		"least-area: R=3, H=10: area 69 + 2 = 71 >= best 68",
		"area-bound: R=3, H=2: area 21 + 2·82/3 = 75 >= best 68",
	} {
		require.True(t, labels[l], "%s in %v", l, labels)
	}
}
