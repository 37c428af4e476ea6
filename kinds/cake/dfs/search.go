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

// Solve returns the cake of least area for p with its layers, bottom first.
// When no cake of that volume and layer count exists it returns Area 0
// and no layers: that is an answer, never puzzle.ErrNoSolution. It returns
// ctx.Err() when ctx is done first, and an error for an instance outside
// the limits 1..cake.MaxVolume and 1..cake.MaxLayers.
//
// The search builds the cake from the bottom, largest radius and height
// first, and cuts with the volume and area bounds of the classic solution
// (NOI1999 "生日蛋糕"), plus an upper bound on the volume the layers above
// can still hold: the prunings of Prunings, which run switches.
// Stats.Nodes counts the layers placed: the search's decisions, each a
// radius and a height for the next layer up.
//
// What the search does without a switch makes it correct, not fast: a
// layer is narrower and lower than the one below and takes no more than
// the volume left (the puzzle's rules), the bottom's radius squared is
// the area of the tops, and a cake is kept only when its volume is used up.
// The area 3N+1 that the optimality bounds start from before any cake is
// found is no pruning either: no cake's area exceeds three times its volume, and
// with volume-bound on the cap cuts nothing, as the layers placed have an
// area at most three times their volume and each bound is at most three
// times the volume left.
func Solve(ctx context.Context, p cake.Instance, run search.Run) (cake.Answer, search.Stats, error) {
	if p.Volume < 1 || p.Volume > cake.MaxVolume || p.Layers < 1 || p.Layers > cake.MaxLayers {
		return cake.Answer{}, search.Stats{}, fmt.Errorf("cake with volume %d and %d layers is outside the limits 1..%d and 1..%d",
			p.Volume, p.Layers, cake.MaxVolume, cake.MaxLayers)
	}
	if run.Counting() {
		return solve[trace.Counted](ctx, p, run)
	}
	return solve[trace.Uncounted](ctx, p, run)
}

// solve is Solve with the search counting into a trace.Probe[C].
func solve[C trace.Counts](ctx context.Context, p cake.Instance, run search.Run) (cake.Answer, search.Stats, error) {
	s := newCakeSearch[C](ctx, p, run)
	// The bottom layer has nothing below it: any radius and height that
	// fit the volume, which the loops in dfs bound by themselves.
	s.dfs(p.Layers, p.Volume, 0, p.Volume+1, p.Volume+1)
	st := search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(cakePrunings)}
	if err := s.tick.Err(); err != nil {
		return cake.Answer{}, st, err
	}
	if s.bestLayers == nil {
		return cake.Answer{}, st, nil
	}
	return cake.Answer{Area: s.best, Layers: s.bestLayers}, st, nil
}

// The prunings of Cake, indexed as in CakePrunings and in its cut counts:
// the chapter's five in its order, then the one beyond it.
const (
	cakeLayerLimits = iota
	cakeLargeFirst
	cakeVolumeBound
	cakeLeastArea
	cakeAreaBound
	cakeRoomAbove
	cakePrunings // the number of prunings
)

// Prunings returns the prunings of Cake's search, every one on by
// default. Layer u tries a range of radii, and for each radius a range of
// heights, from 1 up to what the layer below and the volume left allow;
// layer-limits and volume-bound shorten those ranges, the others cut
// values from them.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		cakeLayerLimits: {Name: "layer-limits", Category: technique.Feasibility, Chapter: "1",
			Counts: "layers left out that would be placed",
			Doc:    "layer u from the top has radius and height at least u, so r²·u fits the volume it may take (off: at least 1)"},
		cakeLargeFirst: {Name: "large-first", Category: technique.Order, Chapter: "2",
			Counts: "ranges ordered large to small",
			Doc:    "radii and heights are tried from large to small, which finds a cake of small area early, and a bound that fails at one cuts the smaller ones with it (off: small to large)"},
		cakeVolumeBound: {Name: "volume-bound", Category: technique.Feasibility, Chapter: "3",
			Counts: "nodes cut, layers left out",
			Doc:    "a layer leaves the layers above their least volume 1³+...+(u-1)³, which shortens its ranges, and a cake whose volume is less than its layers' least is cut"},
		cakeLeastArea: {Name: "least-area", Category: technique.Optimality, Chapter: "4", Counts: "nodes cut",
			Doc: "cut when the area so far plus the least side area of the layers left, 2(1²+...+u²), reaches the best cake's"},
		cakeAreaBound: {Name: "area-bound", Category: technique.Optimality, Chapter: "5",
			Counts: "layers cut",
			Doc:    "cut a radius r when the area so far plus 2·(volume left)/r, the least side area of the layers left under radius r, reaches the best cake's"},
		cakeRoomAbove: {Name: "room-above", Category: technique.Feasibility,
			Counts: "layers cut",
			Doc:    "cut a height that leaves more volume than the layers above, each narrower and lower by one, can hold"},
	}
}

// noCut stands for a bound that cuts nothing: no area reaches the best
// when added to it.
const noCut = -1 << 40

// cakeSearch is the state of one Birthday Cake search. Layer u counts
// from the top: layer 1 is the top one, layer m the bottom one. Since radii
// and heights are integers that decrease strictly upwards, layer u has
// radius and height at least u.
type cakeSearch[C trace.Counts] struct {
	tick   poll.Ticker // counts the nodes
	probe  trace.Probe[C]
	m      int
	level  []cakeLevel  // level[u]: the bounds of layer u
	powers [][4]int     // powers[u][k]: 1^k + ... + (u-1)^k, for room
	best   int          // area of the best cake found; 3 * volume + 1 before any
	cur    []cake.Layer // the layers placed so far, bottom first

	on technique.Bits // the prunings on, indexed by the constants of Prunings
	// noRoom is 0 with room-above, else so large that the bound of
	// layer cuts nothing.
	noRoom int

	bestLayers []cake.Layer // a copy of cur when best was last set; nil before
}

// cakeLevel holds the bounds of a layer u, read from the switches once: a
// pruning that is off makes its bound cut nothing.
type cakeLevel struct {
	needV int // a node with less volume left for layers u..1 is cut: 1³ + ... + u³ (volume-bound), or 0
	keepV int // what layer u leaves for the layers above: 1³ + ... + (u-1)³ (volume-bound), or 0
	needA int // the least side area of layers u..1: 2(1² + ... + u²) (least-area), or noCut
	lo    int // the least radius and height of layer u: u (layer-limits), or 1
}

func newCakeSearch[C trace.Counts](ctx context.Context, p cake.Instance, run search.Run) *cakeSearch[C] {
	m := p.Layers
	s := &cakeSearch[C]{
		tick:   poll.New(ctx),
		m:      m,
		level:  make([]cakeLevel, m+1),
		powers: make([][4]int, m+1),
		cur:    make([]cake.Layer, m),
		// Every cake has area R_1^2 + sum 2 R_i H_i <= 3 sum R_i^2 H_i.
		best: 3*p.Volume + 1,
		on:   run.Prunings.Bits(Prunings),
	}
	if !s.on.Has(cakeRoomAbove) {
		s.noRoom = 1 << 40
	}
	volume, limits, least := s.on.Has(cakeVolumeBound), s.on.Has(cakeLayerLimits), s.on.Has(cakeLeastArea)
	s.probe.Start(run.Sink)
	minV, minA := 0, 0
	for u := 1; u <= m; u++ {
		l := cakeLevel{lo: 1, needA: noCut}
		if volume {
			l.keepV = minV
		}
		minV += u * u * u
		minA += 2 * u * u
		if volume {
			l.needV = minV
		}
		if least {
			l.needA = minA
		}
		if limits {
			l.lo = u
		}
		s.level[u] = l
		if u < m {
			for k, pow := range [4]int{1, u, u * u, u * u * u} {
				s.powers[u+1][k] = s.powers[u][k] + pow
			}
		}
	}
	return s
}

// dfs places layer u on a layer of radius rBelow and height hBelow, with
// rem volume left for layers u..1 and area the area of the layers below.
// Radii run from large to small with large-first, else from small to
// large; from u with layer-limits, else from 1. volume-bound, least-area
// and room-above are in the tables of level and room.
func (s *cakeSearch[C]) dfs(u, rem, area, rBelow, hBelow int) {
	if u == 0 {
		s.leaf(rem, area)
		return
	}
	l := s.level[u]
	// Layers u..1 have radii and heights at least u, u-1, ..., 1.
	if short, over := rem < l.needV, area+l.needA >= s.best; short || over {
		s.nodeCut(u, l, rem, area, short, over)
		return
	}
	avail := rem - l.keepV // the most this layer can hold
	// This layer's height is at least l.lo, so r² l.lo <= avail.
	rMax := min(rBelow-1, intmath.Sqrt(avail/l.lo))
	if s.probe.Counting() {
		s.radiiCut(u, l, rem, avail, area, rBelow, hBelow, rMax)
	}
	if rMax < l.lo {
		return
	}
	r, end, step := rMax, l.lo-1, -1
	if !s.on.Has(cakeLargeFirst) {
		r, end, step = l.lo, rMax+1, 1
	} else if rMax-l.lo >= 1 {
		s.probe.Cut(cakeLargeFirst)
		if s.probe.Tracing() {
			s.probe.Why(cakeLargeFirst, fmt.Sprintf("radii %d down to %d", rMax, l.lo))
		}
	}
	for ; r != end && s.tick.Err() == nil; r += step {
		top := 0
		if u == s.m {
			top = r * r // the tops of all layers together cover the bottom's disc
		}
		// Layers u..1 have radii at most r, so their side area
		// sum 2 r_i h_i = sum 2 r_i^2 h_i / r_i is at least 2 rem / r.
		if side := intmath.CeilDiv(2*rem, r); s.on.Has(cakeAreaBound) && area+top+side >= s.best {
			all := u != s.m && s.on.Has(cakeLargeFirst) // large to small, a smaller r only raises the bound
			lo := r
			if all {
				lo = l.lo
			}
			if s.probe.Counting() {
				n := s.passR(u, lo, r, l.lo, avail, rem, noCut, hBelow)
				s.probe.CutN(cakeAreaBound, n)
				if s.probe.Tracing() && n > 0 {
					s.probe.Why(cakeAreaBound, s.areaWhy(r, area+top, side, r-lo+1, n))
				}
			}
			if all {
				break
			}
			continue // small to large, or a smaller bottom, whose top is smaller
		}
		s.layer(u, r, l.lo, rem, avail, area+top, hBelow)
	}
}

// nodeCut counts the node that volume-bound cuts (short: less volume
// left than layers u..1 need), else the one least-area does (over: the
// area so far and theirs reach the best): a node two checks fail counts
// for the first.
func (s *cakeSearch[C]) nodeCut(u int, l cakeLevel, rem, area int, short, over bool) {
	switch {
	case short:
		s.probe.Cut(cakeVolumeBound)
		if s.probe.Tracing() {
			s.probe.Why(cakeVolumeBound, fmt.Sprintf("%d left < %d, the least volume of %s", rem, l.needV, trace.Plural(u, "layer", "layers")))
		}
	case over:
		s.probe.Cut(cakeLeastArea)
		if s.probe.Tracing() {
			s.probe.Why(cakeLeastArea, fmt.Sprintf("area %d + at least %d for %s >= best %d", area, l.needA, trace.Plural(u, "more layer", "more layers"), s.best))
		}
	}
}

// leaf records the cake just built, if it is the best so far. For the
// top layer, room-above lets only a height through that leaves nothing
// over; without it, the volume left says whether there is a cake.
func (s *cakeSearch[C]) leaf(rem, area int) {
	if rem == 0 && area < s.best {
		s.best = area
		s.bestLayers = append(s.bestLayers[:0], s.cur...)
		s.probe.Found()
	}
}

// layer tries every height of at least lo for layer u with radius r,
// tallest first with large-first, else shortest first.
func (s *cakeSearch[C]) layer(u, r, lo, rem, avail, area, hBelow int) {
	sum2, sum3 := s.room(u, r)
	hMax := min(hBelow-1, avail/(r*r))
	if s.probe.Counting() {
		s.heightsCut(u, r, lo, rem, hMax, hBelow, sum2, sum3)
	}
	if hMax < lo {
		return
	}
	h, end, step := hMax, lo-1, -1
	if !s.on.Has(cakeLargeFirst) {
		h, end, step = lo, hMax+1, 1
	} else if hMax-lo >= 1 {
		s.probe.Cut(cakeLargeFirst)
		if s.probe.Tracing() {
			s.probe.Why(cakeLargeFirst, fmt.Sprintf("R=%d: heights %d down to %d", r, hMax, lo))
		}
	}
	for ; h != end; h += step {
		left := rem - r*r*h
		if room := h*sum2 - sum3; left > room {
			n := 1
			if s.on.Has(cakeLargeFirst) {
				n = h - lo + 1 // a lower layer leaves more volume and less room above
			}
			s.probe.CutN(cakeRoomAbove, n)
			if s.probe.Tracing() {
				s.probe.Why(cakeRoomAbove, s.roomWhy(r, h, left, room, n))
			}
			if n > 1 {
				break
			}
			continue // small to large, a taller layer may leave little enough
		}
		if !s.tick.Tick() {
			return
		}
		s.cur[s.m-u] = cake.Layer{R: r, H: h}
		if s.probe.Tracing() {
			s.traced(u, r, h, left, area+2*r*h)
			continue
		}
		s.dfs(u-1, left, area+2*r*h, r, h)
	}
}

// radiiCut counts the layers of layer u that layer-limits and
// volume-bound leave out by narrowing its radii, rMax down to l.lo, and
// that the search would have placed without them: under each radius
// that area-bound lets through, the heights that room-above lets
// through (passR). Without layer-limits radii and heights run from 1,
// and radii up to the one whose square fits avail; without volume-bound's
// reserve, radii and heights run up to what fits rem.
func (s *cakeSearch[C]) radiiCut(u int, l cakeLevel, rem, avail, area, rBelow, hBelow, rMax int) {
	if l.lo > 1 {
		free := min(rBelow-1, intmath.Sqrt(avail))
		n := s.passR(u, 1, min(l.lo-1, free), 1, avail, rem, area, hBelow) +
			s.passR(u, max(rMax+1, l.lo), free, 1, avail, rem, area, hBelow)
		s.probe.CutN(cakeLayerLimits, n)
		if s.probe.Tracing() && n > 0 {
			s.probe.Why(cakeLayerLimits, fmt.Sprintf("layer %d from the top has radius and height at least %d, and r²·%d <= %d: %s",
				u, l.lo, l.lo, avail, trace.Plural(n, "layer", "layers")))
		}
	}
	if l.keepV > 0 {
		n := s.passR(u, max(rMax+1, l.lo), min(rBelow-1, intmath.Sqrt(rem/l.lo)), l.lo, rem, rem, area, hBelow)
		s.probe.CutN(cakeVolumeBound, n)
		if s.probe.Tracing() && n > 0 {
			s.probe.Why(cakeVolumeBound, fmt.Sprintf("%d of %d kept for %s above: %s of radius above %d",
				l.keepV, rem, trace.Plural(u-1, "layer", "layers"), trace.Plural(n, "layer", "layers"), rMax))
		}
	}
}

// heightsCut counts, likewise, the layers of layer u under radius r that
// layer-limits and volume-bound leave out by narrowing its heights, hMax
// down to lo, and that room-above would let through (passH).
func (s *cakeSearch[C]) heightsCut(u, r, lo, rem, hMax, hBelow, sum2, sum3 int) {
	if lo > 1 {
		n := passH(r, 1, min(lo-1, hMax), rem, sum2, sum3)
		s.probe.CutN(cakeLayerLimits, n)
		if s.probe.Tracing() && n > 0 {
			s.probe.Why(cakeLayerLimits, fmt.Sprintf("R=%d: layer %d from the top has a height at least %d: %s", r, u, lo, trace.Plural(n, "layer", "layers")))
		}
	}
	if keep := s.level[u].keepV; keep > 0 {
		n := passH(r, max(hMax+1, lo), min(hBelow-1, rem/(r*r)), rem, sum2, sum3)
		s.probe.CutN(cakeVolumeBound, n)
		if s.probe.Tracing() && n > 0 {
			s.probe.Why(cakeVolumeBound, fmt.Sprintf("R=%d: %d of %d kept for %s above: %s taller than %d",
				r, keep, rem, trace.Plural(u-1, "layer", "layers"), trace.Plural(n, "layer", "layers"), hMax))
		}
	}
}

// passR returns how many layers of radius lo..hi, each that area-bound
// lets through (every one when it is off), and of height from hLo up to
// what fits fit and the layer below, room-above lets through: the layers
// of those radii that the search would place.
func (s *cakeSearch[C]) passR(u, lo, hi, hLo, fit, rem, area, hBelow int) int {
	if s.on.Has(cakeAreaBound) && u < s.m && area > noCut {
		// Above the bottom, area + ceil(2 rem / r) < best holds from
		// one radius up: ceil(2 rem / r) <= best-area-1.
		g := s.best - area - 1
		if g < 1 {
			return 0
		}
		lo, area = max(lo, intmath.CeilDiv(2*rem, g)), noCut
	}
	n := 0
	for r := lo; r <= hi; r++ {
		top := 0
		if u == s.m {
			top = r * r
		}
		if area == noCut || !s.on.Has(cakeAreaBound) || area+top+intmath.CeilDiv(2*rem, r) < s.best {
			n += s.layers(u, r, hLo, min(hBelow-1, fit/(r*r)), rem)
		}
	}
	return n
}

// layers returns how many heights of lo..hi for layer u of radius r
// room-above lets through.
func (s *cakeSearch[C]) layers(u, r, lo, hi, rem int) int {
	sum2, sum3 := s.room(u, r)
	return passH(r, lo, hi, rem, sum2, sum3)
}

// passH returns how many heights of lo..hi under radius r room-above
// lets through, sum2 and sum3 being room's: those with rem - r²h <=
// h·sum2 - sum3, that is h >= (rem + sum3) / (sum2 + r²); all of them
// when room-above is off, which makes sum2 too large to cut.
func passH(r, lo, hi, rem, sum2, sum3 int) int {
	lo = max(lo, intmath.CeilDiv(rem+sum3, sum2+r*r))
	return max(hi-lo+1, 0)
}

// traced searches the layers above layer u, of radius r and height h, as
// a decision of the tree, numbered from the bottom as the answer prints
// it.
func (s *cakeSearch[C]) traced(u, r, h, left, area int) {
	s.probe.Enter(fmt.Sprintf("layer %d: R=%d H=%d", s.m-u+1, r, h))
	s.dfs(u-1, left, area, r, h)
	s.probe.Leave()
}

// room returns sum2 and sum3 such that the layers above layer u, of
// radius r and height h, hold at most h*sum2 - sum3 (room-above): they
// have radii at most r-1, ..., r-u+1 and heights at most h-1, ..., h-u+1,
// and the sums are over i = 1..u-1 of (r-i)^2 and i (r-i)^2, expanded in
// powers of r over the sums of i, i^2 and i^3. A term of a radius or
// height below 1 makes the bound wrong, but then no layer fits above
// anyway. Without room-above, the bound cuts nothing.
func (s *cakeSearch[C]) room(u, r int) (int, int) {
	p := &s.powers[u]
	return s.noRoom + (u-1)*r*r - 2*r*p[1] + p[2], r*r*p[1] - 2*r*p[2] + p[3]
}

// areaWhy says why area-bound cut radius r and the radii-1 below it, n
// layers in all: the area so far (with the tops) and the side area of
// the layers left reach the best cake's.
func (s *cakeSearch[C]) areaWhy(r, area, side, radii, n int) string {
	why := fmt.Sprintf("R=%d: area %d + side >= %d reaches best %d", r, area, side, s.best)
	if radii > 1 {
		why += ", and so for " + trace.Plural(radii-1, "radius", "radii") + " below"
	}
	return why + ": " + trace.Plural(n, "layer", "layers")
}

// roomWhy says why room-above cut height h under radius r and the n-1
// below it: the volume left is more than the layers above can hold.
func (s *cakeSearch[C]) roomWhy(r, h, left, room, n int) string {
	why := fmt.Sprintf("R=%d H=%d: %d left, the layers above hold at most %d", r, h, left, max(room, 0))
	if n > 1 {
		why += ", and less under " + trace.Plural(n-1, "lower height", "lower heights")
	}
	return why
}
