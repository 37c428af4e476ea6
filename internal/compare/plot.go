package compare

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
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

// panelSide is the side of one square panel.
const panelSide = 12 * vg.Centimeter

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
		p, err := scatterPanel(c)
		if err != nil {
			return err
		}
		panels = append(panels, p)
	}
	// A single size is a panel only when there is no other.
	if ss := sizes(c.Instances); c.SizeName != "" && (len(ss) >= 2 || len(ss) == 1 && len(panels) == 0) {
		p, err := sizePanel(c)
		if err != nil {
			return err
		}
		panels = append(panels, p)
	}
	if len(panels) == 0 {
		return ErrNothingToPlot
	}
	width := panelSide * vg.Length(len(panels))
	var canvas vg.CanvasWriterTo
	switch f {
	case SVG:
		canvas = vgsvg.New(width, panelSide)
	case PNG:
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, panelSide), vgimg.UseDPI(144))}
	default:
		return fmt.Errorf("unknown image format %q: want svg or png", f)
	}
	drawPanels(draw.New(canvas), panels)
	_, err := canvas.WriteTo(w)
	return err
}

// panel is one plot with the legend drawn below it.
type panel struct {
	plot   *plot.Plot
	legend plot.Legend
}

// newPanel returns a panel whose time axis, Y, is logarithmic.
func newPanel(title string) panel {
	p := plot.New()
	p.Title.Text = title
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, timeTicks{}
	p.Add(plotter.NewGrid())
	l := plot.NewLegend()
	l.Top, l.Left = true, true
	l.TextStyle.Font.Size = vg.Points(9)
	return panel{p, l}
}

// drawPanels lays the panels out side by side on dc, the legends in a
// strip below, as tall as the tallest.
func drawPanels(dc draw.Canvas, panels []panel) {
	tiles := draw.Tiles{Rows: 1, Cols: len(panels), PadX: vg.Centimeter, PadTop: 2 * vg.Millimeter,
		PadBottom: 2 * vg.Millimeter, PadLeft: 2 * vg.Millimeter, PadRight: 4 * vg.Millimeter}
	var strip vg.Length
	for _, p := range panels {
		r := p.legend.Rectangle(dc)
		strip = max(strip, r.Max.Y-r.Min.Y+3*vg.Millimeter)
	}
	plots := make([]*plot.Plot, len(panels))
	for i, p := range panels {
		plots[i] = p.plot
	}
	above := draw.Crop(dc, 0, 0, strip, 0)
	for i, cv := range plot.Align([][]*plot.Plot{plots}, tiles, above)[0] {
		plots[i].Draw(cv)
	}
	below := draw.Crop(dc, 0, 0, 0, -(dc.Max.Y - dc.Min.Y - strip))
	for i, p := range panels {
		cv := tiles.At(below, i, 0)
		cv.Min.X += 10 * vg.Millimeter // under the plot area, past the axis labels
		p.legend.Draw(cv)
	}
}

// timeTicks labels a log axis of seconds as durations at every power of
// ten ("1ms", "10ms"), with minor ticks between; when the range holds
// fewer than two powers of ten, the minor ticks are labelled too.
type timeTicks struct{}

// Ticks returns the ticks from lo to hi seconds.
func (timeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	majors := 0
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 {
				t.Label = label(v)
				majors++
			}
			ticks = append(ticks, t)
		}
	}
	if majors < 2 {
		for i := range ticks {
			ticks[i].Label = label(ticks[i].Value)
		}
	}
	return ticks
}

// label prints v seconds as a duration.
func label(v float64) string {
	return time.Duration(math.Round(v * 1e9)).String()
}

// scatterPanel plots every other backend's time against the first's.
func scatterPanel(c Chart) (panel, error) {
	pn := newPanel(fmt.Sprintf("%s: time per instance", c.Kind))
	p := pn.plot
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, timeTicks{}
	p.X.Label.Text = c.Backends[0] + " time"
	faster := "the other backend"
	p.Y.Label.Text = "time"
	if len(c.Backends) == 2 {
		p.Y.Label.Text, faster = c.Backends[1]+" time", c.Backends[1]
	}
	var all []float64
	var timeouts plotter.XYs
	for b := 1; b < len(c.Backends); b++ {
		var pts plotter.XYs
		for _, in := range c.Instances {
			x, y := in.Runs[0], in.Runs[b]
			pt := plotter.XY{X: seconds(x.Time), Y: seconds(y.Time)}
			switch {
			case x.Status.Definite() && y.Status.Definite():
				pts = append(pts, pt)
			case stopped(x) && stopped(y):
				timeouts = append(timeouts, pt)
			default:
				continue
			}
			all = append(all, pt.X, pt.Y)
		}
		if err := pn.scatter(pts, Colour(b), draw.CircleGlyph{}, fmt.Sprintf("%s time (y) against %s time (x)", c.Backends[b], c.Backends[0])); err != nil {
			return panel{}, err
		}
	}
	if err := pn.scatter(timeouts, timeoutColour, draw.CrossGlyph{}, "one of the two timed out"); err != nil {
		return panel{}, err
	}
	lo, hi := emptyLo, emptyHi
	if len(all) > 0 {
		lo, hi = slices.Min(all)/2, slices.Max(all)*2
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	diag, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
	if err != nil {
		return panel{}, err
	}
	diag.Color, diag.Dashes = color.Gray{0x99}, []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(diag)
	pn.legend.Add("equal time; below the line "+faster+" is faster", diag)
	return pn, nil
}

// stopped reports whether r either settled its instance or ran out of
// time: a point the scatter can place.
func stopped(r Run) bool { return r.Status.Definite() || r.Status == Timeout }

// sizePanel plots each backend's time against the instance size, with a
// line through the median time of each size that has medianMin settled
// runs or more.
func sizePanel(c Chart) (panel, error) {
	pn := newPanel(fmt.Sprintf("%s: time by %s", c.Kind, c.SizeName))
	p := pn.plot
	p.X.Label.Text = c.SizeName
	p.Y.Label.Text = "time"
	ss := sizes(c.Instances)
	if len(ss) == 1 {
		p.X.Min, p.X.Max = float64(ss[0])-1, float64(ss[0])+1
	}
	for b, name := range c.Backends {
		pts, med := sizePoints(c, b, ss)
		label := name
		if len(med) > 1 {
			label += fmt.Sprintf(", the line through the median of each size with %d or more", medianMin)
		}
		if err := pn.scatter(pts, Colour(b), draw.CircleGlyph{}, label); err != nil {
			return panel{}, err
		}
		if len(med) > 1 {
			l, err := plotter.NewLine(med)
			if err != nil {
				return panel{}, err
			}
			l.Color = Colour(b)
			p.Add(l)
		}
	}
	if math.IsInf(p.Y.Min, 1) { // no point at all
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = float64(ss[0])-1, float64(ss[len(ss)-1])+1, emptyLo, emptyHi
	}
	return pn, nil
}

// medianMin is the fewest runs of one size whose median the size panel
// draws: a median of one or two says little.
const medianMin = 5

// sizePoints returns backend b's settled runs as (size, time) points and
// its median time at each size with medianMin points or more. The backends' points at one size sit side by
// side, a little apart: an eighth of the closest two sizes between
// neighbours.
func sizePoints(c Chart, b int, ss []int) (pts, med plotter.XYs) {
	gap := 1.0
	if len(ss) > 1 {
		gap = math.Inf(1)
		for i := 1; i < len(ss); i++ {
			gap = min(gap, float64(ss[i]-ss[i-1]))
		}
	}
	off := (float64(b) - float64(len(c.Backends)-1)/2) * gap / 8
	for _, s := range ss {
		var ts []float64
		for _, in := range c.Instances {
			if r := in.Runs[b]; in.Size == s && r.Status.Definite() {
				ts = append(ts, seconds(r.Time))
				pts = append(pts, plotter.XY{X: float64(s) + off, Y: seconds(r.Time)})
			}
		}
		if len(ts) >= medianMin {
			slices.Sort(ts)
			med = append(med, plotter.XY{X: float64(s) + off, Y: ts[(len(ts)-1)/2]})
		}
	}
	return pts, med
}

// scatter adds one series of points and its legend entry, when it has
// any points.
func (pn *panel) scatter(pts plotter.XYs, c color.Color, g draw.GlyphDrawer, name string) error {
	if len(pts) == 0 {
		return nil
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	r := vg.Points(2.5)
	if len(pts) > crowded {
		r = vg.Points(1.5)
	}
	s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: r, Shape: g}
	pn.plot.Add(s)
	pn.legend.Add(name, s)
	return nil
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
