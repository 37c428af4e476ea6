package puzzlesat_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
)

// TestSampleReadsTestdata holds Samples to the files of testdata: every
// kind has sample.in among them, each reads as on disk, and a name that
// is not listed, a path among them, is refused.
func TestSampleReadsTestdata(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		names := puzzlesat.Samples(k.Name())
		require.Contains(t, names, "sample.in")
		for _, n := range names {
			got, err := puzzlesat.Sample(k.Name(), n)
			require.NoError(t, err)
			want, err := os.ReadFile(filepath.Join("testdata", k.Name(), n))
			require.NoError(t, err)
			require.Equal(t, want, got)
		}
	}
	for _, bad := range []string{"../sticks/sample.in", "README.md", "sample.out", ""} {
		_, err := puzzlesat.Sample("sticks", bad)
		require.Error(t, err, bad)
	}
	require.Empty(t, puzzlesat.Samples("../testdata"))
}
