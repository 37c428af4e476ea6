package lab_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/lab"
)

// shots is where TestScreenshots writes the pictures of docs/lab.md;
// scripts/lab-screenshots sets it.
var shots = flag.String("screenshots", "", "write the lab's screenshots into `DIR`")

// TestScreenshots makes the screenshots of the three views (a run, a
// large tree, two runs compared) in the browser the tests drive.
func TestScreenshots(t *testing.T) {
	if *shots == "" {
		t.Skip("run with -screenshots=DIR (scripts/lab-screenshots)")
	}
	ctx := browser(t)
	url := serveLab(t, lab.Config{})
	shot := func(name string) {
		b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(*shots, name), b, 0o644))
	}
	require.NoError(t, os.MkdirAll(*shots, 0o755))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+"?kind=sticks&src=sample&sample=sample.in&view=run")))
	until(t, ctx, `+(document.getElementById('status').dataset.count || 0) === 1`)
	shot("run.png")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+"?kind=sticks&src=sample&sample=sample.in&view=tree")))
	until(t, ctx, `+(document.getElementById('status').dataset.count || 0) === 1`)
	shot("tree-small.png")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+"?kind=sticks&src=sample&sample=sample.in&dfs=&b=-"+cutOff+"&view=compare")))
	until(t, ctx, `!!document.getElementById('cmp-saved')`)
	shot("compare.png")
}
