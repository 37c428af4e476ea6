package puzzlesat_test

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
)

// TestDocsListEveryKind holds the documents that list the kinds to the
// registry: the README's table (each kind's summary, word for word), the
// cases of docs/ablation.sh, and the tables of docs/ablation/.
func TestDocsListEveryKind(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	script, err := os.ReadFile("docs/ablation.sh")
	require.NoError(t, err)
	index, err := os.ReadFile("docs/ablation.md")
	require.NoError(t, err)

	var names []string
	summaries := map[string]string{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\| (.*) \\|$").FindAllStringSubmatch(string(readme), -1) {
		names = append(names, m[1])
		summaries[m[1]] = m[2]
	}
	var cases []string
	for _, m := range regexp.MustCompile(`(?m)^    ([a-z-]+)\)`).FindAllStringSubmatch(string(script), -1) {
		cases = append(cases, m[1])
	}
	var kinds []string
	for _, k := range puzzlesat.Kinds() {
		kinds = append(kinds, k.Name())
		require.Equal(t, k.Summary(), summaries[k.Name()], "README's row of %s", k.Name())
		require.FileExists(t, "docs/ablation/"+k.Name()+".md", "run docs/ablation.sh %s", k.Name())
		require.Contains(t, string(index), "(ablation/"+k.Name()+".md)")
	}
	require.Equal(t, kinds, names, "README's table of kinds")
	slices.Sort(cases)
	require.Equal(t, kinds, cases, "the cases of docs/ablation.sh")
}
