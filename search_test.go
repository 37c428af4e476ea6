package puzzlesat_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
)

// chapterKinds returns the kinds that have the chapter's search.
func chapterKinds(t *testing.T) []puzzlesat.Kind {
	var out []puzzlesat.Kind
	for _, k := range puzzlesat.Kinds() {
		if len(k.Searches()) > 1 {
			out = append(out, k)
		}
	}
	require.NotEmpty(t, out)
	return out
}

// TestSearchesAndPresets: every kind offers the presets all and none and
// its own search; a kind with the chapter's search offers it, its cuts
// numbered once each and on, each saying what it counts, under the preset
// chapter, which selects it; the others refuse that preset.
func TestSearchesAndPresets(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		ss := k.Searches()
		require.Equal(t, "", ss[0].Name, k.Name())
		var presets []string
		for _, p := range k.Presets() {
			require.NotEmpty(t, p.Doc)
			presets = append(presets, p.Name)
		}
		own, err := k.SearchOf("none")
		require.NoError(t, err)
		require.Equal(t, "", own.Name)
		if len(ss) == 1 {
			require.Equal(t, []string{"all", "none"}, presets, k.Name())
			_, _, err := k.ParsePrunings("chapter")
			require.ErrorContains(t, err, "the chapter has no program for this kind", k.Name())
			continue
		}
		require.Equal(t, []string{"all", "none", "chapter"}, presets, k.Name())
		require.Equal(t, "chapter", ss[1].Name)
		require.NotEmpty(t, ss[1].Doc)
		seen := map[string]bool{}
		for _, p := range ss[1].Prunings {
			require.NotEmpty(t, p.Chapter, "%s %s", k.Name(), p.Name)
			require.False(t, seen[p.Chapter], "%s: cut %s twice", k.Name(), p.Chapter)
			seen[p.Chapter] = true
			require.NotEmpty(t, p.Counts, "%s %s", k.Name(), p.Name)
			require.False(t, p.Optional, "%s %s: the chapter's cuts are on in its program", k.Name(), p.Name)
			canon, _, err := k.ParsePrunings("chapter,-" + p.Chapter)
			require.NoError(t, err)
			require.Contains(t, canon, "chapter,", "%s: %s", k.Name(), canon)
			require.Contains(t, canon, "-"+p.Name, "%s: %s", k.Name(), canon)
		}
		s, err := k.SearchOf(" chapter ,-" + ss[1].Prunings[0].Chapter)
		require.NoError(t, err)
		require.Equal(t, ss[1], s)
	}
}

// TestChapterSearchesTrace solves each sample by the chapter's search,
// every cut on and each off in turn: the answers pass Verify (Solve
// checks) and are the judge's where the answer is one value; the trace
// draws one decision per node that Solve counts, and every cut it counts.
// The 16x16 sudoku sample takes 290,000 nodes without cut 2: a smaller
// grid stands in for it.
func TestChapterSearchesTrace(t *testing.T) {
	ctx := context.Background()
	for _, k := range chapterKinds(t) {
		t.Run(k.Name(), func(t *testing.T) {
			file := map[string]string{"sudoku": "michael404_16x16_poj3076fmt.in"}[k.Name()]
			if file == "" {
				file = "sample.in"
			}
			p := kindtest.FirstInstance(t, k, judgedata.Path(t, k.Name(), file))
			want, _, err := k.Solve(ctx, p, puzzlesat.Options{Backend: puzzlesat.DFS})
			require.NoError(t, err)
			specs := []string{"chapter"}
			for _, c := range k.Searches()[1].Prunings {
				specs = append(specs, "chapter,-"+c.Chapter)
			}
			for _, spec := range specs {
				o := puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: spec, CountCuts: true}
				a, st, err := k.Solve(ctx, p, o)
				require.NoError(t, err, spec)
				if isCanonical(k) {
					require.Equal(t, want.Text, a.Text, spec)
				}
				tree, _, traced, err := k.Trace(ctx, p, o, 1<<20)
				require.NoError(t, err, spec)
				require.True(t, tree.Complete(), spec)
				require.Equal(t, st.Nodes, traced.Nodes, spec)
				require.Equal(t, st.Cuts, traced.Cuts, spec)
				require.Equal(t, st.Nodes, kindtest.Decisions(tree), "%s: a decision per node", spec)
				run := map[string]int64{}
				for _, c := range st.Cuts {
					run[c.Pruning] = c.Count
				}
				for _, pc := range tree.Prunings {
					require.Equal(t, run[pc.Name], pc.Run, "%s %s", spec, pc.Name)
					require.Equal(t, pc.Run, pc.Drawn, "%s %s", spec, pc.Name)
				}
				require.Contains(t, tree.Options, "chapter", spec)
			}
		})
	}
}

// TestChapterSearchesDoNotCount: the chapter's searches stop at their
// first answer, so counting with them is refused; the SAT backend counts
// whatever --dfs says.
func TestChapterSearchesDoNotCount(t *testing.T) {
	ctx := context.Background()
	for _, k := range chapterKinds(t) {
		if _, ok := k.Kind.(kind.Counter); !ok {
			continue
		}
		p := kindtest.FirstInstance(t, k, judgedata.Path(t, k.Name(), "sample.in"))
		_, _, err := k.Count(ctx, p, 2, puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: "chapter"})
		require.True(t, errors.Is(err, errors.ErrUnsupported), "%s: %v", k.Name(), err)
		n, _, err := k.Count(ctx, p, 2, puzzlesat.Options{Backend: puzzlesat.SAT, Prunings: "chapter"})
		require.NoError(t, err)
		require.Positive(t, n)
	}
}

// TestChapterSearchesJudge solves the judge sample of every kind with the
// chapter's search, by it: the answers are the judge's. Each kind's
// tests solve its larger judge files by it too.
func TestChapterSearchesJudge(t *testing.T) {
	for _, k := range chapterKinds(t) {
		kindtest.CheckJudgeFile(t, k, judgedata.Path(t, k.Name(), "sample.in"), judgedata.Path(t, k.Name(), "sample.out"),
			puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: "chapter"})
	}
}
