package lab_test

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/lab"
)

// measure runs the measurements of docs/lab.md (and of docs/results.md,
// the module's per kind), which print figures and check nothing about
// speed.
var measure = flag.Bool("measure", false, "print the figures of docs/lab.md and docs/results.md: the slowest frame while panning, and the WebAssembly module against the native lab")

// hugeTree is the largest search the lab was tried on: hard_454 without
// three cuts, 59.8 million decisions.
var hugeTree = flag.Bool("huge", false, "with -measure, pan over the tree of 59.8 million decisions too (minutes)")

// TestMeasurePanning records every frame's interval (requestAnimationFrame)
// while the mouse drags the overview and the tree and zooms them, through
// the DevTools protocol's input events, and prints the slowest frame and
// the slowest draw of each canvas.
func TestMeasurePanning(t *testing.T) {
	if !*measure {
		t.Skip("run with -measure")
	}
	ctx := browser(t)
	url := serveLab(t, lab.Config{})
	searches := []string{large}
	if *hugeTree {
		searches = append(searches, "?kind=sticks&src=sample&sample=hard_454.in&dfs=-copies-fit,-reachable-sums,-memo&timeout=0")
	}
	for _, s := range searches {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+s+"&view=tree")))
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`+(document.getElementById('status').dataset.count || 0) === 1`, chromedp.WithPollingTimeout(0)))
		require.NoError(t, err)
		eval[bool](t, ctx, `(() => { window.frames_ = []; window.tasks_ = []; let last = performance.now();
			const loop = (t) => { frames_.push(t - last); last = t; requestAnimationFrame(loop); };
			requestAnimationFrame(loop);
			new PerformanceObserver((l) => { for (const e of l.getEntries()) tasks_.push(e.duration); }).observe({type: 'longtask'});
			return true; })()`)
		drag := func(id string) {
			type box struct{ X, Y, W, H float64 }
			b := eval[box](t, ctx, `(() => { const r = document.getElementById('`+id+`').getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; })()`)
			x, y := b.X+b.W/2, b.Y+b.H/2
			for _, dy := range []float64{-300, 300} { // zoom in, then out
				for range 10 {
					require.NoError(t, chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, x, y, func(p *input.DispatchMouseEventParams) { p.DeltaX, p.DeltaY = 0.001, dy })))
				}
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, chromedp.ButtonLeft)))
			for i := range 120 {
				dx := float64(i%40-20) * 12
				require.NoError(t, chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x+dx, y+float64(i%7), chromedp.ButtonLeft)))
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, chromedp.ButtonLeft)))
		}
		drag("overview")
		drag("tree")
		type result struct {
			Frames  int
			Slowest float64
			Median  float64
			Draws   map[string]float64
			Kept    int
			Nodes   string
			Task    float64
		}
		r := eval[result](t, ctx, `(() => { const f = frames_.slice(1).sort((a, b) => a - b);
			return {frames: f.length, slowest: f[f.length - 1], median: f[f.length >> 1], draws: labTest.slowest(),
				kept: labTest.overview().nodes.length, nodes: document.getElementById('nodes').textContent,
				task: Math.max(0, ...tasks_)}; })()`)
		load, _ := os.ReadFile("/proc/loadavg")
		fmt.Printf("%s: %s nodes, %d kept: %d frames while panning and zooming, median %.1f ms, slowest %.1f ms; longest task %.0f ms; slowest draw: overview %.1f ms, tree %.1f ms; load average %s",
			s, r.Nodes, r.Kept, r.Frames, r.Median, r.Slowest, r.Task, r.Draws["overview"], r.Draws["tree"], load)
	}
}

// TestMeasureModule runs every kind's sample on the native lab and on the
// WebAssembly module in the same browser, five times each, and prints the
// module's size and the median search times (Stats.Time, as each measures
// it) side by side.
func TestMeasureModule(t *testing.T) {
	if !*measure {
		t.Skip("run with -measure")
	}
	ctx := browser(t)
	dir := t.TempDir()
	out, err := exec.Command("bash", "../scripts/lab-static", dir).CombinedOutput()
	require.NoError(t, err, "%s", out)
	fi, err := os.Stat(dir + "/lab.wasm")
	require.NoError(t, err)
	fmt.Printf("lab.wasm: %d bytes (%.1f MB)\n", fi.Size(), float64(fi.Size())/(1<<20))
	var timesOf func(url, req string, warm, n int) (float64, float64)
	static := serve(t, func(string) http.Handler { return http.FileServer(http.Dir(dir)) })
	native := serveLab(t, lab.Config{})
	// times returns the median of Stats.Time over 20 runs, and the time
	// of a whole run as the page sees it (the request, the search with
	// its tree recorded, the answer) over those 20 runs, per run: a
	// browser's clock has a resolution of 0.1 ms, too coarse for one
	// sample alone.
	times := func(url, kind string) (float64, float64) {
		return timesOf(url, `{page: 'measure', kind: '`+kind+`', sample: 'sample.in'}`, 3, 20)
	}
	timesOf = func(url, req string, warm, n int) (float64, float64) {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
		until(t, ctx, `document.body.dataset.ready === '1'`)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(async () => {
			const api = await import('./api.js');
			const one = async () => {
				const {id} = await api.call('POST', 'api/run', `+req+`);
				let v;
				do { v = await api.call('GET', 'api/runs/' + id + '?wait=1'); } while (v.state === 'running' || v.state === 'queued');
				return v.stats.parts[0].seconds;
			};
			for (let i = 0; i < `+strconv.Itoa(warm)+`; i++) await one();
			const secs = [], t0 = performance.now();
			for (let i = 0; i < `+strconv.Itoa(n)+`; i++) secs.push(await one());
			const wall = (performance.now() - t0) / `+strconv.Itoa(n)+` / 1000;
			secs.sort((a, b) => a - b);
			return [secs[secs.length >> 1], wall];
		})()`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		return v[0], v[1]
	}
	fmt.Printf("%-14s %14s %14s %14s %14s\n", "kind", "native search", "wasm search", "native run", "wasm run")
	for _, k := range puzzlesat.Kinds() {
		ns, nw := times(native, k.Name())
		ws, ww := times(static, k.Name())
		fmt.Printf("%-14s %12.3fms %12.3fms %12.3fms %12.3fms\n", k.Name(), ns*1000, ws*1000, nw*1000, ww*1000)
	}
	// One large traced search: hard_454 without copies-fit and memo.
	req := `{page: 'measure', kind: 'sticks', sample: 'hard_454.in', dfs: '-copies-fit,-memo', timeout: 0}`
	ns, _ := timesOf(native, req, 0, 1)
	ws, _ := timesOf(static, req, 0, 1)
	fmt.Printf("%-14s %12.0fms %12.0fms (1.7 million decisions, traced)\n", "hard_454", ns*1000, ws*1000)
}
