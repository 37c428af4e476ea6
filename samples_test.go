package puzzlesat_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
)

// TestSamples holds every registered kind to its judge sample: each kind
// has testdata/KIND/sample.in and sample.out, and both backends, run
// against each other, answer the sample as the judge does (for a kind
// whose answer is not one value, with as many answers as instances).
func TestSamples(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		t.Run(k.Name(), func(t *testing.T) {
			in := judgedata.Path(t, k.Name(), "sample.in")
			want, err := os.ReadFile(judgedata.Path(t, k.Name(), "sample.out"))
			require.NoError(t, err)
			f, err := os.Open(in)
			require.NoError(t, err)
			defer f.Close()
			var got strings.Builder
			n := 0
			err = k.Scan(in, f, kind.ScanOptions{}, func(p kind.Instance) error {
				a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: puzzlesat.Both})
				if err != nil {
					return err
				}
				got.WriteString(a.Text)
				n++
				return nil
			})
			require.NoError(t, err)
			require.Positive(t, n)
			if isCanonical(k) {
				require.Equal(t, string(want), got.String())
				return
			}
			require.Equal(t, strings.Count(string(want), "\n"), strings.Count(got.String(), "\n"))
		})
	}
}

// isCanonical reports whether k's answer is one value (kind.Canonical).
func isCanonical(k puzzlesat.Kind) bool {
	_, ok := k.Kind.(kind.Canonical)
	return ok
}
