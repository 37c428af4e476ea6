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

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+large+"&view=tree")))
	until(t, ctx, `+(document.getElementById('status').dataset.count || 0) === 1`)
	eval[bool](t, ctx, `(() => { const r = document.querySelector('#subtree-cuts tr[data-cut="first-piece"]'); r.click(); return true; })()`)
	shot("tree.png")

	// The ablation of a block of 949 nodes, and the pair of its row of the
	// chapter's cut 3.3, compared.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+"?kind=sticks&src=sample&sample=folklore_pkuoj_comment.in&case=7&timeout=10&view=run")))
	until(t, ctx, `+(document.getElementById('status').dataset.count || 0) === 1`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("ablate"))))
	until(t, ctx, `!!document.getElementById('ablation-table')`)
	eval[bool](t, ctx, `(() => {
		[...document.querySelectorAll('#ablation-table tr.pick')].find((r) => r.cells[1].textContent === '3.3').click();
		return true; })()`)
	until(t, ctx, `+(document.getElementById('status').dataset.count || 0) === 3 && !!document.getElementById('cmp-saved')`)
	shot("compare.png")
}
