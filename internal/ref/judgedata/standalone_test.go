package judgedata_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReferencesStandAlone: no test reference depends on the code it
// checks, directly or through another package.
func TestReferencesStandAlone(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "github.com/puzzlesat/puzzlesat/internal/ref/...").Output()
	require.NoError(t, err)
	for _, dep := range strings.Fields(string(out)) {
		for _, checked := range []string{"github.com/puzzlesat/puzzlesat/native", "github.com/puzzlesat/puzzlesat/sat", "github.com/puzzlesat/puzzlesat/encode", "github.com/puzzlesat/puzzlesat/gen"} {
			require.False(t, dep == checked || strings.HasPrefix(dep, checked+"/"), "a reference imports %s", dep)
		}
	}
}
