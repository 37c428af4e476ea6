package judgedata_test

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReferencesStandAlone: no test reference, kinds/KIND/internal/ref/...
// beside each kind, depends on the code it checks, directly or through
// another package: no kind's search, encoder, generator or spec, nor the
// packages that run them.
func TestReferencesStandAlone(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	const module = "github.com/puzzlesat/puzzlesat"
	refs, err := exec.Command("go", "list", module+"/kinds/...").Output()
	require.NoError(t, err)
	checked := regexp.MustCompile(`^` + regexp.QuoteMeta(module) + `(|/kinds|/kinds/[^/]+/(dfs|sat|gen|spec)(/.*)?)$`)
	n := 0
	for _, ref := range strings.Fields(string(refs)) {
		if !strings.Contains(ref, "/internal/ref/") {
			continue
		}
		n++
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ref).Output()
		require.NoError(t, err)
		for _, dep := range strings.Fields(string(out)) {
			require.False(t, checked.MatchString(dep), "%s imports %s", ref, dep)
		}
	}
	require.Positive(t, n, "the references")
}
