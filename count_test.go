package puzzlesat_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
)

// TestCountEverything: a limit of 0 counts every answer. For every kind
// that counts, each instance of its judge sample gives, by each backend
// and by both together, the count that a limit far above it gives.
func TestCountEverything(t *testing.T) {
	const far = 1 << 20
	ctx := context.Background()
	for _, k := range puzzlesat.Kinds() {
		if _, ok := k.Kind.(kind.Counter); !ok {
			continue
		}
		t.Run(k.Name(), func(t *testing.T) {
			in := judgedata.Path(t, k.Name(), "sample.in")
			f, err := os.Open(in)
			require.NoError(t, err)
			defer f.Close()
			err = k.Scan(in, f, kind.ScanOptions{}, func(p kind.Instance) error {
				want, _, err := k.Count(ctx, p, far, puzzlesat.Options{})
				require.NoError(t, err)
				require.Less(t, want, far, "%s", p)
				for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT, puzzlesat.Both, puzzlesat.Race} {
					n, _, err := k.Count(ctx, p, 0, puzzlesat.Options{Backend: b})
					require.NoError(t, err, "%s by %v", p, b)
					require.Equal(t, want, n, "%s by %v", p, b)
				}
				return nil
			})
			require.NoError(t, err)
		})
	}
}
