package cryptbrute

import (
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
)

// Fixture reads kinds/cryptarithm/testdata/NAME.in (base 10) and the lines of
// NAME.out, one per puzzle.
func Fixture(tb testing.TB, name string) ([]cryptarithm.Instance, []string) {
	tb.Helper()
	parse := func(file string, r io.Reader) ([]cryptarithm.Instance, error) {
		return cryptarithm.Parse(file, r, 10)
	}
	ps, out := judgedata.Case(tb, parse, "cryptarithm", name+".in", name+".out")
	want := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(tb, want, len(ps))
	return ps, want
}

// ManyCounts reads the fixture "many": puzzles with hundreds of answers,
// and the number of answers of each.
func ManyCounts(tb testing.TB) ([]cryptarithm.Instance, []int) {
	tb.Helper()
	ps, want := Fixture(tb, "many")
	counts := make([]int, len(want))
	for i, w := range want {
		n, err := strconv.Atoi(w)
		require.NoError(tb, err)
		counts[i] = n
	}
	return ps, counts
}
