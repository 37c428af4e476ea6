package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWalkthrough draws every picture of docs/walkthrough.md again, by
// the trace command printed above it, and finds it byte for byte the
// picture in docs/walkthrough/; every picture shown has its command, and
// every file there is shown. A picture that differs is redrawn by running
// its command from the repository's root.
func TestWalkthrough(t *testing.T) {
	doc := readFile(t, "../../docs/walkthrough.md")
	commands := regexp.MustCompile(`(?m)^    puzzlesat (trace .*)$`).FindAllStringSubmatch(doc, -1)
	require.NotEmpty(t, commands)
	drawn := map[string]bool{}
	dir := t.TempDir()
	for _, c := range commands {
		args := strings.Fields(c[1])
		name := ""
		for i, a := range args {
			switch {
			case a == "-o" && i+1 < len(args):
				name = args[i+1]
				args[i+1] = filepath.Join(dir, name)
			case strings.HasPrefix(a, "kinds/"):
				args[i] = "../../" + a
			}
		}
		require.NotEmpty(t, name, c[0])
		drawn[name] = true
		_, errs, code := cli(t, "", args...)
		require.Equal(t, exitOK, code, "%s: %s", c[0], errs)
		require.Equal(t, readFile(t, filepath.Join("../../docs/walkthrough", name)), readFile(t, filepath.Join(dir, name)),
			"%s draws another picture", c[0])
	}
	for _, m := range regexp.MustCompile(`\]\(walkthrough/([^)]+)\)`).FindAllStringSubmatch(doc, -1) {
		require.True(t, drawn[m[1]], "walkthrough/%s has no command", m[1])
	}
	files, err := os.ReadDir("../../docs/walkthrough")
	require.NoError(t, err)
	for _, f := range files {
		require.True(t, drawn[f.Name()], "docs/walkthrough/%s is not shown", f.Name())
	}
}
