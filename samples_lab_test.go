package puzzlesat_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// TestSampleReadsTestdata holds Samples to the files of each kind's
// testdata: every kind has sample.in among them, each reads as on disk, and a name that
// is not listed, a path among them, is refused.
func TestSampleReadsTestdata(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		names := k.Samples()
		require.Contains(t, names, "sample.in")
		for _, n := range names {
			got, err := k.Sample(n)
			require.NoError(t, err)
			want, err := os.ReadFile(judgedata.Path(t, k.Name(), n))
			require.NoError(t, err)
			require.Equal(t, want, got)
		}
	}
	k := puzzlesat.Kinds()[0]
	for _, bad := range []string{"../" + k.Name() + "/sample.in", "README.md", "sample.out", ""} {
		_, err := k.Sample(bad)
		require.Error(t, err, bad)
	}
}
