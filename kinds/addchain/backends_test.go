package addchain_test

import (
	"context"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/internal/brute"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/sat"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// TestBackendsAgree: the DFS, the SAT backend and the brute force find
// the same chain, the greatest of the shortest, for every n up to 80
// and for a sample up to 500, and the same count of shortest chains up
// to 30; every chain passes Verify.
func TestBackendsAgree(t *testing.T) {
	ns := []int{}
	for n := 1; n <= 80; n++ {
		ns = append(ns, n)
	}
	rng := rand.New(rand.NewPCG(5, 39))
	for range 4 {
		ns = append(ns, 81+rng.IntN(420))
	}
	ctx := context.Background()
	for _, n := range ns {
		p := addchain.Instance{N: n}
		d, _, err := dfs.Solve(ctx, p, search.Run{})
		require.NoError(t, err)
		require.NoError(t, p.Verify(d))
		s, _, err := sat.Solve(ctx, p, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		require.NoError(t, p.Verify(s))
		require.Equal(t, d.Chain, s.Chain, "n=%d: DFS, SAT", n)
		if n <= 200 {
			_, want := brute.Length(n)
			require.Equal(t, want, d.Chain, "n=%d", n)
		}
		if n <= 30 {
			_, want := brute.Count(n)
			dc, _, err := dfs.Count(ctx, p, 1000, search.Run{})
			require.NoError(t, err)
			sc, _, err := sat.Count(ctx, p, 1000, solver.Config{}, technique.Picks{})
			require.NoError(t, err)
			require.Equal(t, []int{want, want}, []int{dc, sc}, "n=%d: brute, DFS, SAT", n)
		}
	}
}

// TestSampleBothBackends: on the judge's sample both backends print the
// statement's output byte for byte: its chains are the greatest of the
// shortest, the ones both return.
func TestSampleBothBackends(t *testing.T) {
	in, err := os.ReadFile("testdata/sample.in")
	require.NoError(t, err)
	want, err := os.ReadFile("testdata/sample.out")
	require.NoError(t, err)
	ps, err := addchain.Parse("sample.in", strings.NewReader(string(in)))
	require.NoError(t, err)
	var dfsOut, satOut strings.Builder
	for _, p := range ps {
		d, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err)
		require.NoError(t, p.Verify(d))
		dfsOut.WriteString(p.Format(d))
		s, _, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		require.NoError(t, p.Verify(s))
		satOut.WriteString(p.Format(s))
	}
	require.Equal(t, string(want), dfsOut.String())
	require.Equal(t, string(want), satOut.String())
}

// TestBackendsApart: neither backend's package imports the other, nor
// anything of the other kind of backend: the DFS no SAT package, the
// SAT backend no search.
func TestBackendsApart(t *testing.T) {
	const mod = "github.com/puzzlesat/puzzlesat/"
	refuse := map[string][]string{
		"dfs": {mod + "kinds/addchain/sat", mod + "solver", mod + "cnf", mod + "drat"},
		"sat": {mod + "kinds/addchain/dfs", mod + "search", mod + "internal/poll", mod + "trace"},
	}
	for dir, bad := range refuse {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		require.NotEmpty(t, files)
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
			require.NoError(t, err)
			for _, imp := range f.Imports {
				path, err := strconv.Unquote(imp.Path.Value)
				require.NoError(t, err)
				for _, b := range bad {
					require.False(t, path == b || strings.HasPrefix(path, b+"/"), "%s imports %s", file, path)
				}
			}
		}
	}
}
