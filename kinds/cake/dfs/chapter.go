package dfs

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/internal/intmath"
	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// The cuts of CakeChapter, indexed as in CakeChapterPrunings and in its
// cut counts: the chapter's five, in its order.
const (
	cakeChLargeFirst = iota
	cakeChLimits
	cakeChVolume
	cakeChLeastArea
	cakeChAreaBound
	cakeChCuts // the number of cuts
)

// CakeChapterPrunings returns the cuts of CakeChapter, the chapter's five,
// numbered as it numbers them, every one on by default. One count is one
// value of a loop, or one call, that the cut's condition ended where the
// puzzle's rules (each layer narrower and lower than the one below, no
// more volume than is left) would have gone on; the order counts the
// choices it made.
func CakeChapterPrunings() []technique.Pruning {
	return []technique.Pruning{
		cakeChLargeFirst: {Name: "large-first", Category: technique.Order, Chapter: "1", Counts: "layers tried, in its order",
			Doc: "the layers are built from the bottom up, each layer's radius and then height tried from large to small (off: small to large)"},
		cakeChLimits: {Name: "layer-limits", Category: technique.Feasibility, Chapter: "2", Counts: "radii and heights left out",
			Doc: "layer u from the top has radius and height at least u, and R²·u at most the volume left (off: from 1, with R² at most the volume left)"},
		cakeChVolume: {Name: "volume-bound", Category: technique.Feasibility, Chapter: "3", Counts: "calls ended",
			Doc: "a call ends when the volume so far plus the least volume of the u layers left, 1³+...+u³, is over N"},
		cakeChLeastArea: {Name: "least-area", Category: technique.Optimality, Chapter: "4", Counts: "calls ended",
			Doc: "a call ends when the area so far plus the least side area of the u layers left, 2(1²+...+u²), reaches the best cake's"},
		cakeChAreaBound: {Name: "area-bound", Category: technique.Optimality, Chapter: "5", Counts: "calls ended",
			Doc: "a call ends when the area so far plus 2(N-V)/R, R the radius of the layer below, reaches the best cake's"},
	}
}

// cakeChapterInf is the listing's INF: the radius and height below the
// bottom layer, and the best area before any cake.
const cakeChapterInf = 1_000_000_000

// CakeChapter returns the cake of least area for p with its layers,
// bottom first, by the chapter's program (0x23, AcWing 168), step by step:
// dfs places the layers from the bottom up, each layer's radius and then
// height, with the cuts of CakeChapterPrunings that run switches. When no
// cake fits it returns Area 0 and no layers, which is an answer.
//
// Stats.Nodes counts the calls of dfs. It returns ctx.Err() when ctx is
// done first, and an error for an instance outside the limits
// 1..cake.MaxVolume and 1..cake.MaxLayers.
func CakeChapter(ctx context.Context, p cake.Instance, run search.Run) (cake.Answer, search.Stats, error) {
	if p.Volume < 1 || p.Volume > cake.MaxVolume || p.Layers < 1 || p.Layers > cake.MaxLayers {
		return cake.Answer{}, search.Stats{}, fmt.Errorf("cake with volume %d and %d layers is outside the limits 1..%d and 1..%d",
			p.Volume, p.Layers, cake.MaxVolume, cake.MaxLayers)
	}
	if run.Counting() {
		return cakeChapterRun[trace.Counted](ctx, p, run)
	}
	return cakeChapterRun[trace.Uncounted](ctx, p, run)
}

// cakeChapterRun is CakeChapter counting into a trace.Probe[C].
func cakeChapterRun[C trace.Counts](ctx context.Context, p cake.Instance, run search.Run) (cake.Answer, search.Stats, error) {
	n, m := p.Volume, p.Layers
	s := &cakeChapter[C]{tick: poll.New(ctx), n: n, m: m, ans: cakeChapterInf,
		minv: make([]int, m+1), mins: make([]int, m+1), r: make([]int, m+2), h: make([]int, m+2)}
	s.on = run.Prunings.Bits(CakeChapterPrunings)
	s.probe.Start(run.Sink)
	for i := 1; i <= m; i++ {
		s.minv[i] = s.minv[i-1] + i*i*i
		s.mins[i] = s.mins[i-1] + 2*i*i
	}
	s.r[m+1], s.h[m+1] = cakeChapterInf, cakeChapterInf
	if s.probe.Tracing() {
		s.probe.Enter(fmt.Sprintf("N=%d, M=%d", n, m))
	}
	s.dfs(m, 0, 0)
	if s.on.Has(cakeChLargeFirst) {
		s.probe.CutN(cakeChLargeFirst, s.tried)
		if s.probe.Tracing() {
			s.probe.Why(cakeChLargeFirst, trace.Plural(s.tried, "layer", "layers")+" tried, large to small")
		}
	}
	if s.probe.Tracing() {
		s.probe.Leave()
	}
	st := search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(cakeChCuts)}
	if err := s.tick.Err(); err != nil {
		return cake.Answer{}, st, err
	}
	if s.best == nil {
		return cake.Answer{}, st, nil
	}
	return cake.Answer{Area: s.ans, Layers: s.best}, st, nil
}

// cakeChapter is the state of the chapter's cake program: its globals.
// Layer u counts from the top, as the listing's: layer m is the bottom.
type cakeChapter[C trace.Counts] struct {
	tick  poll.Ticker // counts the calls of dfs
	probe trace.Probe[C]
	on    technique.Bits

	n, m       int
	minv, mins []int // minv[u], mins[u]: the least volume and side area of layers u..1
	r, h       []int // r[u], h[u]: the radius and height of layer u, placed
	ans        int   // the best area so far
	best       []cake.Layer
	tried      int // the layers tried, for large-first
}

// dfs is the listing's: it places layer u and those above it, the layers
// below holding volume v and area s.
func (s *cakeChapter[C]) dfs(u, v, area int) {
	if !s.tick.Tick() {
		return
	}
	if u == 0 {
		if v == s.n && area < s.ans {
			s.ans = area
			s.best = s.best[:0]
			for k := s.m; k >= 1; k-- {
				s.best = append(s.best, cake.Layer{R: s.r[k], H: s.h[k]})
			}
			s.probe.Found()
		}
		return
	}
	// The u layers left have radii and heights at least u, ..., 1.
	if s.on.Has(cakeChVolume) && v+s.minv[u] > s.n {
		if s.probe.Counting() {
			s.cut(cakeChVolume, u, "volume %d + %d > %d", v, s.minv[u], s.n)
		}
		return
	}
	if s.on.Has(cakeChLeastArea) && area+s.mins[u] >= s.ans {
		if s.probe.Counting() {
			s.cut(cakeChLeastArea, u, "area %d + %d = %d >= best %d", area, s.mins[u], area+s.mins[u], s.ans)
		}
		return
	}
	// Their side area is sum 2 r_k h_k >= sum 2 r_k² h_k / r[u+1] =
	// 2(n-v)/r[u+1], their radii being below r[u+1].
	if bound := 2 * (s.n - v) / s.r[u+1]; s.on.Has(cakeChAreaBound) && area+bound >= s.ans {
		if s.probe.Counting() {
			s.cut(cakeChAreaBound, u, "area %d + 2·%d/%d = %d >= best %d", area, s.n-v, s.r[u+1], area+bound, s.ans)
		}
		return
	}
	s.radii(u, v, area)
}

// cut counts one act of cut k, which ended the call of layer u, and says
// why, after the layer below.
func (s *cakeChapter[C]) cut(k, u int, format string, args ...any) {
	s.probe.Cut(k)
	if s.probe.Tracing() {
		why := fmt.Sprintf(format, args...)
		if u < s.m {
			why = fmt.Sprintf("R=%d, H=%d: %s", s.r[u+1], s.h[u+1], why)
		}
		s.probe.Why(k, why)
	}
}

// radii runs the listing's loop over the radii of layer u.
func (s *cakeChapter[C]) radii(u, v, area int) {
	hi := min(s.r[u+1]-1, intmath.Sqrt(s.n-v)) // a layer of height 1 fits
	lo := 1
	if s.on.Has(cakeChLimits) {
		cut := min(hi, intmath.Sqrt((s.n-v)/u))
		if s.probe.Counting() {
			s.limits(fmt.Sprintf("layer %d: R", s.m-u+1), u, hi, cut)
		}
		lo, hi = u, cut
	}
	if s.on.Has(cakeChLargeFirst) {
		for i := hi; i >= lo && s.tick.Err() == nil; i-- {
			s.heights(u, v, area, i)
		}
		return
	}
	for i := lo; i <= hi && s.tick.Err() == nil; i++ {
		s.heights(u, v, area, i)
	}
}

// heights runs the listing's loop over the heights of layer u, of radius
// i.
func (s *cakeChapter[C]) heights(u, v, area, i int) {
	hi := min(s.h[u+1]-1, (s.n-v)/i/i)
	lo := 1
	if s.on.Has(cakeChLimits) {
		if s.probe.Counting() {
			s.limits(fmt.Sprintf("R=%d: H", i), u, hi, hi)
		}
		lo = u
	}
	j, step := lo, 1
	if s.on.Has(cakeChLargeFirst) {
		j, step = hi, -1
	}
	for ; lo <= j && j <= hi; j += step {
		s.tried++
		t := 0
		if u == s.m {
			t = i * i // the tops of the layers cover the bottom's disc
		}
		s.r[u], s.h[u] = i, j
		if s.probe.Tracing() {
			s.probe.Enter(fmt.Sprintf("layer %d: R=%d H=%d", s.m-u+1, i, j))
		}
		s.dfs(u-1, v+i*i*j, area+t+2*i*j)
		if s.probe.Tracing() {
			s.probe.Leave()
		}
		if s.tick.Err() != nil {
			return
		}
	}
}

// limits counts the values that layer-limits leaves out of a loop of
// layer u over 1..rule, which it runs over u..cut instead; what names the
// loop in the label.
func (s *cakeChapter[C]) limits(what string, u, rule, cut int) {
	kept := max(cut-u+1, 0)
	if out := max(rule, 0) - kept; out > 0 {
		s.probe.CutN(cakeChLimits, out)
		if s.probe.Tracing() {
			s.probe.Why(cakeChLimits, fmt.Sprintf("%s in %s, not %s", what, span(u, cut), span(1, rule)))
		}
	}
}

// span returns "lo..hi", or "none" for an empty range.
func span(lo, hi int) string {
	if lo > hi {
		return "none"
	}
	return fmt.Sprintf("%d..%d", lo, hi)
}
