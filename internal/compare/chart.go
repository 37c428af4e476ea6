package compare

import (
	"image/color"
	"math"
	"slices"
	"strconv"
)

// The plots are drawn by the small chart model of this file: a figure is
// a title, two axes and marks drawn in data coordinates, laid out on a
// canvas with its tick labels and axis labels around it. It draws only
// what Plot and PlotAblation need (see the README's Dependencies).

// Sizes, in points, of the texts and the marks around a figure.
const (
	titleSize  = 12.0
	labelSize  = 12.0 // an axis's label
	tickSize   = 10.0 // a tick's label
	legendSize = 9.0
	majorTick  = 5.0 // the length of a labelled tick; the others are half
	spacing    = 4.0 // between a tick, its label and the axis label
	lineWidth  = 1.0
)

var (
	black     = color.RGBA{0, 0, 0, 0xff}
	gridColor = color.RGBA{0xcc, 0xcc, 0xcc, 0xff}
)

// tick is a mark on an axis, labelled or not.
type tick struct {
	value float64
	label string // "" for a minor tick
}

// axis maps the values from lo to hi onto one side of a figure,
// linearly or logarithmically.
type axis struct {
	label  string
	lo, hi float64
	log    bool
	ticks  func(lo, hi float64) []tick
	grid   bool    // lines across the figure at the labelled ticks
	angle  float64 // the tick labels' rotation, counterclockwise in degrees
}

// frac returns where v stands between lo (0) and hi (1).
func (a *axis) frac(v float64) float64 {
	if a.log {
		return math.Log(v/a.lo) / math.Log(a.hi/a.lo)
	}
	return (v - a.lo) / (a.hi - a.lo)
}

// fix widens an empty range, which no map can spread.
func (a *axis) fix() {
	if a.hi > a.lo {
		return
	}
	if a.log {
		a.lo, a.hi = a.lo/10, a.hi*10
	} else {
		a.lo, a.hi = a.lo-1, a.hi+1
	}
}

// labelled returns the ticks of a within its range.
func (a *axis) labelled() []tick {
	var ts []tick
	for _, t := range a.ticks(a.lo, a.hi) {
		if f := a.frac(t.value); f >= -1e-9 && f <= 1+1e-9 {
			ts = append(ts, t)
		}
	}
	return ts
}

// figure is one plot: its title, its axes and its marks.
type figure struct {
	title string
	x, y  axis
	marks []func(*frame) // drawn in order, over the grid
}

// frame is a figure's plot area on a canvas, where marks are drawn.
type frame struct {
	c      canvas
	x0, y0 float64 // the top left corner, in points
	x1, y1 float64 // the bottom right corner
	xa, ya *axis
}

// at returns the point of the data coordinates (x, y).
func (f *frame) at(x, y float64) point {
	return point{f.x0 + f.xa.frac(x)*(f.x1-f.x0), f.y1 - f.ya.frac(y)*(f.y1-f.y0)}
}

// margins are the room a figure's texts take around its plot area.
type margins struct{ left, top, right, bottom float64 }

// margins returns the room fg's texts need around its plot area.
func (fg *figure) margins(tf *typeface) margins {
	fg.x.fix()
	fg.y.fix()
	var m margins
	if fg.title != "" {
		m.top = titleSize + 2*spacing
	}
	m.top = max(m.top, tickSize/2) // the top tick label
	yw := 0.0
	for _, t := range fg.y.labelled() {
		yw = max(yw, tf.width(t.label, tickSize))
	}
	m.left = majorTick + spacing + yw + spacing
	if fg.y.label != "" {
		m.left += tf.cap*labelSize + spacing
	}
	m.bottom = fg.xLabelBaseline(tf)
	if fg.x.label != "" {
		m.bottom += spacing // the descenders
	}
	m.right = spacing
	if ts := fg.x.labelled(); fg.x.angle == 0 && len(ts) > 0 {
		m.right = max(m.right, tf.width(ts[len(ts)-1].label, tickSize)/2)
	}
	return m
}

// xLabelBaseline returns how far below the plot area the X axis's label
// stands: past the ticks and their labels, upright or turned. Without a
// label, that is the bottom of the tick labels.
func (fg *figure) xLabelBaseline(tf *typeface) float64 {
	w := 0.0
	for _, t := range fg.x.labelled() {
		w = max(w, tf.width(t.label, tickSize))
	}
	s, c := math.Sincos(fg.x.angle * math.Pi / 180)
	d := majorTick + spacing + math.Abs(s)*w + math.Abs(c)*tf.cap*tickSize + spacing
	if fg.x.label != "" {
		d += tf.cap * labelSize
	}
	return d
}

// draw draws fg with its plot area from (x0, y0) to (x1, y1).
func (fg *figure) draw(c canvas, tf *typeface, x0, y0, x1, y1 float64) {
	fg.x.fix()
	fg.y.fix()
	f := &frame{c: c, x0: x0, y0: y0, x1: x1, y1: y1, xa: &fg.x, ya: &fg.y}
	xt := fg.x.labelled()
	if fg.x.angle == 0 {
		xt = thin(xt, func(v float64) float64 { return f.at(v, fg.y.lo).x }, func(s string) float64 { return tf.width(s, tickSize) })
	}
	yt := thin(fg.y.labelled(), func(v float64) float64 { return f.at(fg.x.lo, v).y }, func(string) float64 { return 1.5 * tf.cap * tickSize })
	for _, t := range xt {
		if fg.x.grid && t.label != "" {
			p := f.at(t.value, fg.y.lo)
			c.polyline([]point{{p.x, y0}, {p.x, y1}}, gridColor, lineWidth/2, nil)
		}
	}
	for _, t := range yt {
		if fg.y.grid && t.label != "" {
			p := f.at(fg.x.lo, t.value)
			c.polyline([]point{{x0, p.y}, {x1, p.y}}, gridColor, lineWidth/2, nil)
		}
	}
	for _, m := range fg.marks {
		m(f)
	}

	// The axes, their ticks outward, and the labels.
	c.polyline([]point{{x0, y0}, {x0, y1}, {x1, y1}}, black, lineWidth, nil)
	tick := func(t tick) float64 {
		if t.label == "" {
			return majorTick / 2
		}
		return majorTick
	}
	ax := tickStyle(alignMiddle)
	if fg.x.angle != 0 {
		ax = textStyle{size: tickSize, align: alignEnd, angle: fg.x.angle, col: black}
	}
	for _, t := range xt {
		p := f.at(t.value, fg.y.lo)
		c.polyline([]point{p, {p.x, p.y + tick(t)}}, black, lineWidth, nil)
		if t.label != "" {
			label(c, tf, point{p.x, y1 + majorTick + spacing}, t.label, ax, valignTop)
		}
	}
	yw := 0.0
	for _, t := range yt {
		p := f.at(fg.x.lo, t.value)
		c.polyline([]point{p, {p.x - tick(t), p.y}}, black, lineWidth, nil)
		if t.label != "" {
			label(c, tf, point{x0 - majorTick - spacing, p.y}, t.label, tickStyle(alignEnd), valignMiddle)
			yw = max(yw, tf.width(t.label, tickSize))
		}
	}
	mid := point{(x0 + x1) / 2, (y0 + y1) / 2}
	if fg.title != "" {
		size := titleSize
		// A long title shrinks to the width of the figure, down to a size
		// that still reads.
		if w := tf.width(fg.title, size); w > x1-x0 {
			size = max(8, size*(x1-x0)/w)
		}
		c.text(point{mid.x, y0 - 2*spacing}, fg.title, textStyle{size: size, align: alignMiddle, col: black})
	}
	if fg.x.label != "" {
		c.text(point{mid.x, y1 + fg.xLabelBaseline(tf)}, fg.x.label, textStyle{size: labelSize, align: alignMiddle, col: black})
	}
	if fg.y.label != "" {
		p := point{x0 - majorTick - spacing - yw - spacing, mid.y}
		c.text(p, fg.y.label, textStyle{size: labelSize, align: alignMiddle, angle: 90, col: black})
	}
}

// thin returns ts with every k-th label kept, for the smallest k that
// leaves no two labels closer than their room: pos places a tick along
// the axis, room is what its label takes there. The ticks it unlabels
// stay as minor ticks.
func thin(ts []tick, pos func(float64) float64, room func(string) float64) []tick {
	var at []int // the labelled ticks
	for i, t := range ts {
		if t.label != "" {
			at = append(at, i)
		}
	}
	k := 1
	for ; k < len(at); k++ {
		fits := true
		for j := k; j < len(at) && fits; j += k {
			a, b := ts[at[j-k]], ts[at[j]]
			fits = math.Abs(pos(b.value)-pos(a.value)) >= (room(a.label)+room(b.label))/2+spacing
		}
		if fits {
			break
		}
	}
	if k == 1 {
		return ts
	}
	out := slices.Clone(ts)
	for j, i := range at {
		if j%k != 0 {
			out[i].label = ""
		}
	}
	return out
}

func tickStyle(a align) textStyle { return textStyle{size: tickSize, align: a, col: black} }

// valign is where a text stands against its anchor across its baseline.
type valign int

const (
	valignBaseline valign = iota
	valignMiddle          // the middle of the capitals on the anchor
	valignTop             // the top of the capitals on the anchor
)

// label writes s with its anchor at p, as st and v say.
func label(c canvas, tf *typeface, p point, s string, st textStyle, v valign) {
	_, down := along(st.angle)
	c.text(p.add(down.scale(tf.cap*st.size*float64(v)/2)), s, st)
}

// legendEntry is a line of a legend: a glyph and its text.
type legendEntry struct {
	glyph func(c canvas, centre point)
	text  string
}

// legendLine is the height of a legend's line.
const legendLine = legendSize * 1.3

// drawLegend writes the entries from (x, y) down.
func drawLegend(c canvas, tf *typeface, x, y float64, es []legendEntry) {
	for i, e := range es {
		mid := y + (float64(i)+0.5)*legendLine
		e.glyph(c, point{x + 7, mid})
		label(c, tf, point{x + 18, mid}, e.text, textStyle{size: legendSize, col: black}, valignMiddle)
	}
}

// Glyphs of the points.
func dot(r float64, col color.RGBA) func(canvas, point) {
	return func(c canvas, p point) { c.circle(p, r, col) }
}

func cross(r float64, col color.RGBA) func(canvas, point) {
	return func(c canvas, p point) {
		c.polyline([]point{{p.x - r, p.y - r}, {p.x + r, p.y + r}}, col, lineWidth, nil)
		c.polyline([]point{{p.x - r, p.y + r}, {p.x + r, p.y - r}}, col, lineWidth, nil)
	}
}

func triangle(r float64, col color.RGBA) func(canvas, point) {
	return func(c canvas, p point) {
		h := r * math.Sqrt(3) / 2
		c.polygon([]point{{p.x, p.y - r}, {p.x + h, p.y + r/2}, {p.x - h, p.y + r/2}}, col)
	}
}

func dashes(col color.RGBA, dash []float64) func(canvas, point) {
	return func(c canvas, p point) {
		c.polyline([]point{{p.x - 7, p.y}, {p.x + 7, p.y}}, col, lineWidth, dash)
	}
}

// linearTicks labels a linear axis at steps of 1, 2 or 5 times a power
// of ten, from four to seven of them, with an unlabelled tick between two.
func linearTicks(lo, hi float64) []tick {
	base := math.Pow(10, math.Floor(math.Log10((hi-lo)/5)))
	step := base
	for _, m := range []float64{1, 2, 5, 10} {
		if step = base * m; (hi-lo)/step <= 7 {
			break
		}
	}
	var ts []tick
	half := step / 2
	for k := math.Ceil(lo / half); k*half <= hi; k++ {
		t := tick{value: k*half + 0} // + 0 makes -0 a 0
		if math.Mod(k, 2) == 0 {
			t.label = strconv.FormatFloat(t.value, 'g', -1, 64)
		}
		ts = append(ts, t)
	}
	return ts
}
