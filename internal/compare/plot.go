package compare

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"time"
)

// Chart is what Plot draws: the runs of the backends on the instances of
// one kind.
type Chart struct {
	Kind      string // the puzzle kind, for the titles
	SizeName  string // what an instance's size counts, "" when the kind has none
	Backends  []string
	Instances []Instance
}

// Format is an image format Plot writes.
type Format string

// The formats.
const (
	SVG Format = "svg"
	PNG Format = "png"
)

// ErrNothingToPlot is the error of a chart with no panel to draw: one
// backend, and no instance with a size.
var ErrNothingToPlot = errors.New("nothing to plot: a scatter needs two backends, a size panel instances with a size")

// Colours of the backends in both panels, by position: blue, orange,
// green, red, purple (a palette that stays apart for colour-blind eyes).
var palette = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
	{0xd6, 0x27, 0x28, 0xff}, {0x94, 0x67, 0xbd, 0xff},
}

// timeoutColour marks the runs that timed out in the scatter.
var timeoutColour = color.RGBA{0x55, 0x55, 0x55, 0xff}

// Colour returns the colour of backend b in the plots.
func Colour(b int) color.RGBA { return palette[b%len(palette)] }

// crowded is the number of points from which a series draws smaller
// glyphs, so that a cloud of them stays readable.
const crowded = 300

// The sides of the pictures, in points.
const (
	panelSide = 12 * 72 / 2.54 // one square panel: 12 cm
	mm        = 72 / 25.4
)

// Plot draws c into w: a log-log scatter of the first backend's time
// against each other backend's, one point per instance both settled, with
// the diagonal, and the timeouts as crosses where they stopped; and, when
// the kind has a size and the instances more than one (or there is one
// backend), each backend's time against the size, one point per run that
// settled its instance, with a line through the median per size. Panels
// stand side by side, each with its legend below it.
func Plot(w io.Writer, f Format, c Chart) error {
	var panels []panel
	if len(c.Backends) >= 2 {
		panels = append(panels, scatterPanel(c))
	}
	// A single size is a panel only when there is no other.
	if ss := sizes(c.Instances); c.SizeName != "" && (len(ss) >= 2 || len(ss) == 1 && len(panels) == 0) {
		panels = append(panels, sizePanel(c))
	}
	if len(panels) == 0 {
		return ErrNothingToPlot
	}
	tf, err := newTypeface()
	if err != nil {
		return err
	}
	return render(w, f, panelSide*float64(len(panels)), panelSide, tf, func(cv canvas) {
		drawPanels(cv, tf, panels)
	})
}

// panel is one figure with its legend drawn below it.
type panel struct {
	fig    figure
	legend []legendEntry
}

// newPanel returns a panel whose time axis, Y, is logarithmic.
func newPanel(title string) panel {
	return panel{fig: figure{title: title, y: axis{label: "time", log: true, ticks: timeTicks, grid: true}}}
}

// drawPanels lays the panels out side by side on a canvas of panelSide
// per panel, the legends in a strip below, as tall as the tallest; the
// plot areas line up.
func drawPanels(cv canvas, tf *typeface, panels []panel) {
	const padX, padTop, padBottom, padLeft, padRight = 10 * mm, 2 * mm, 2 * mm, 2 * mm, 4 * mm
	strip := 0.0
	for _, p := range panels {
		strip = max(strip, float64(len(p.legend))*legendLine+3*mm)
	}
	n := float64(len(panels))
	tile := (panelSide*n - padLeft - padRight - (n-1)*padX) / n
	var top, bottom float64
	for i := range panels {
		m := panels[i].fig.margins(tf)
		top, bottom = max(top, m.top), max(bottom, m.bottom)
	}
	y0, y1 := padTop+top, panelSide-padBottom-strip-bottom
	for i := range panels {
		p := &panels[i]
		m := p.fig.margins(tf)
		x := padLeft + float64(i)*(tile+padX)
		p.fig.draw(cv, tf, x+m.left, y0, x+tile-m.right, y1)
		drawLegend(cv, tf, x+10*mm, panelSide-padBottom-strip+3*mm, p.legend)
	}
}

// timeTicks labels a log axis of seconds as durations at every power of
// ten ("1ms", "10ms"), with minor ticks between; when the range holds
// fewer than two powers of ten, the minor ticks are labelled too.
func timeTicks(lo, hi float64) []tick {
	var ticks []tick
	majors := 0
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			t := tick{value: v}
			if m == 1 {
				t.label = durationLabel(v)
				majors++
			}
			ticks = append(ticks, t)
		}
	}
	if majors < 2 {
		for i := range ticks {
			ticks[i].label = durationLabel(ticks[i].value)
		}
	}
	return ticks
}

// durationLabel prints v seconds as a duration.
func durationLabel(v float64) string {
	return time.Duration(math.Round(v * 1e9)).String()
}

// scatterPanel plots every other backend's time against the first's.
func scatterPanel(c Chart) panel {
	pn := newPanel(fmt.Sprintf("%s: time per instance", c.Kind))
	fg := &pn.fig
	fg.x = axis{label: c.Backends[0] + " time", log: true, ticks: timeTicks, grid: true}
	faster := "the other backend"
	if len(c.Backends) == 2 {
		fg.y.label, faster = c.Backends[1]+" time", c.Backends[1]
	}
	var all []float64
	var timeouts []point
	for b := 1; b < len(c.Backends); b++ {
		var pts []point
		for _, in := range c.Instances {
			x, y := in.Runs[0], in.Runs[b]
			pt := point{seconds(x.Time), seconds(y.Time)}
			switch {
			case x.Status.Definite() && y.Status.Definite():
				pts = append(pts, pt)
			case stopped(x) && stopped(y):
				timeouts = append(timeouts, pt)
			default:
				continue
			}
			all = append(all, pt.x, pt.y)
		}
		pn.scatter(pts, dot, Colour(b), fmt.Sprintf("%s time (y) against %s time (x)", c.Backends[b], c.Backends[0]))
	}
	pn.scatter(timeouts, cross, timeoutColour, "one of the two timed out")
	lo, hi := emptyLo, emptyHi
	if len(all) > 0 {
		lo, hi = slices.Min(all)/2, slices.Max(all)*2
	}
	fg.x.lo, fg.x.hi, fg.y.lo, fg.y.hi = lo, hi, lo, hi
	diagonal, dash := color.RGBA{0x99, 0x99, 0x99, 0xff}, []float64{4, 3}
	// The diagonal goes under the points.
	fg.marks = slices.Insert(fg.marks, 0, func(f *frame) {
		f.c.polyline([]point{f.at(lo, lo), f.at(hi, hi)}, diagonal, lineWidth, dash)
	})
	pn.legend = append(pn.legend, legendEntry{dashes(diagonal, dash), "equal time; below the line " + faster + " is faster"})
	return pn
}

// stopped reports whether r either settled its instance or ran out of
// time: a point the scatter can place.
func stopped(r Run) bool { return r.Status.Definite() || r.Status == Timeout }

// sizePanel plots each backend's time against the instance size, with a
// line through the median time of each size that has medianMin settled
// runs or more.
func sizePanel(c Chart) panel {
	pn := newPanel(fmt.Sprintf("%s: time by %s", c.Kind, c.SizeName))
	fg := &pn.fig
	fg.x = axis{label: c.SizeName, ticks: linearTicks, grid: true}
	ss := sizes(c.Instances)
	var ts []float64
	for b, name := range c.Backends {
		pts, med := sizePoints(c, b, ss)
		label := name
		if len(med) > 1 {
			label += fmt.Sprintf(", the line through the median of each size with %d or more", medianMin)
			col := Colour(b)
			fg.marks = append(fg.marks, func(f *frame) {
				line := make([]point, len(med))
				for i, m := range med {
					line[i] = f.at(m.x, m.y)
				}
				f.c.polyline(line, col, lineWidth, nil)
			})
		}
		pn.scatter(pts, dot, Colour(b), label)
		for _, p := range pts {
			ts = append(ts, p.y)
		}
	}
	// The sizes stand a little in from the sides, so that no point is cut.
	fg.x.lo, fg.x.hi = float64(ss[0])-1, float64(ss[len(ss)-1])+1
	if len(ss) > 1 {
		pad := math.Max(float64(ss[len(ss)-1]-ss[0])/25, minGap(ss)/4)
		fg.x.lo, fg.x.hi = float64(ss[0])-pad, float64(ss[len(ss)-1])+pad
	}
	fg.y.lo, fg.y.hi = emptyLo, emptyHi
	if len(ts) > 0 {
		fg.y.lo, fg.y.hi = slices.Min(ts)/2, slices.Max(ts)*2
	}
	return pn
}

// medianMin is the fewest runs of one size whose median the size panel
// draws: a median of one or two says little.
const medianMin = 5

// minGap returns the smallest gap between two of the ascending sizes
// ss, 1 for a single size.
func minGap(ss []int) float64 {
	gap := 1.0
	if len(ss) > 1 {
		gap = math.Inf(1)
		for i := 1; i < len(ss); i++ {
			gap = min(gap, float64(ss[i]-ss[i-1]))
		}
	}
	return gap
}

// sizePoints returns backend b's settled runs as (size, time) points and
// its median time at each size with medianMin points or more. The
// backends' points at one size sit side by side, a little apart: an
// eighth of the closest two sizes between neighbours.
func sizePoints(c Chart, b int, ss []int) (pts, med []point) {
	off := (float64(b) - float64(len(c.Backends)-1)/2) * minGap(ss) / 8
	for _, s := range ss {
		var ts []float64
		for _, in := range c.Instances {
			if r := in.Runs[b]; in.Size == s && r.Status.Definite() {
				ts = append(ts, seconds(r.Time))
				pts = append(pts, point{float64(s) + off, seconds(r.Time)})
			}
		}
		if len(ts) >= medianMin {
			slices.Sort(ts)
			med = append(med, point{float64(s) + off, ts[(len(ts)-1)/2]})
		}
	}
	return pts, med
}

// scatter adds one series of points, in data coordinates, drawn with
// glyph, and its legend entry, when it has any points.
func (pn *panel) scatter(pts []point, glyph func(float64, color.RGBA) func(canvas, point), col color.RGBA, name string) {
	if len(pts) == 0 {
		return
	}
	r := 2.5
	if len(pts) > crowded {
		r = 1.5
	}
	g := glyph(r, col)
	pn.fig.marks = append(pn.fig.marks, func(f *frame) {
		for _, p := range pts {
			g(f.c, f.at(p.x, p.y))
		}
	})
	pn.legend = append(pn.legend, legendEntry{glyph(2.5, col), name})
}

// sizes returns the distinct sizes of ins, ascending; none when the kind
// has no size.
func sizes(ins []Instance) []int {
	var ss []int
	for _, in := range ins {
		if in.Size > 0 {
			ss = append(ss, in.Size)
		}
	}
	slices.Sort(ss)
	return slices.Compact(ss)
}

// The time range, in seconds, of a panel with no point to draw.
const emptyLo, emptyHi = 1e-6, 1.0

// seconds returns d in seconds, at least a nanosecond so that a log axis
// can place it.
func seconds(d time.Duration) float64 { return math.Max(d.Seconds(), 1e-9) }
