package compare

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Config is one configuration of an ablation: a backend with one
// technique switched, or a backend's default, against which the others
// of that backend are measured.
type Config struct {
	Name     string // "dfs", "dfs -memo", "sat amo=pairwise", "dfs control"
	Base     int    // the index of the default configuration it is measured against; its own for a default
	Category string // the switched pruning's category, "encoding", "control", or "default"
	Pruning  string // the pruning switched off, whose cuts at the default the tables show; "" for none
	Chapter  string // where the chapter names that pruning ("3.2", "named"), "" beyond it
	Counts   string // what one of its cuts is, in a few words
}

// Control is the Category of a control configuration: the default again,
// run interleaved with itself, whose ratios are the noise of the run.
const Control = "control"

// Ablation reports runs of configurations on instances: the Runs of
// every Instance are the configurations', in order.
type Ablation struct {
	Configs []Config
	// Legend says what each category means, for the Markdown's legend.
	Legend  map[string]string
	fileW   int
	hasSize bool
}

// NewAblation returns the report of configs on instances of files (the
// names as printed); hasSize adds the size column.
func NewAblation(configs []Config, files []string, hasSize bool) *Ablation {
	a := &Ablation{Configs: configs, fileW: len("file"), hasSize: hasSize}
	for _, f := range files {
		a.fileW = max(a.fileW, len(f))
	}
	return a
}

// work returns the run's work: DFS nodes, else SAT conflicts.
func work(r Run) int64 {
	if r.Nodes > 0 {
		return r.Nodes
	}
	return r.Conflicts
}

// Ratio is one run's figure against its default's: Value, or at least
// Value when the run timed out (Bounded), or undefined (Defined false)
// when the default did not settle the instance or had no work to count.
type Ratio struct {
	Value            float64
	Bounded, Defined bool
}

func (r Ratio) String() string {
	switch {
	case !r.Defined:
		return "-"
	case r.Bounded:
		return ">=" + ratioText(r.Value)
	}
	return ratioText(r.Value)
}

func ratioText(v float64) string {
	if v >= 100 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.3g", v)
}

// TimeRatio returns run c's time over its default's on in: over the
// default's runs interleaved with c's (Run.Paired) where there are some.
func (a *Ablation) TimeRatio(in *Instance, c int) Ratio {
	r, base := in.Runs[c], in.Runs[a.Configs[c].Base]
	bt := base.Time
	if r.Paired > 0 {
		bt = r.Paired
	}
	if !base.Status.Definite() || bt <= 0 {
		return Ratio{}
	}
	v := r.Time.Seconds() / bt.Seconds()
	switch {
	case r.Status.Definite():
		return Ratio{Value: v, Defined: true}
	case r.Status == Timeout:
		return Ratio{Value: v, Bounded: true, Defined: true}
	}
	return Ratio{}
}

// WorkRatio returns run c's work (nodes or conflicts) over its default's
// on in: at least that when c timed out; undefined unless the default
// settled it and both did work, since a ratio to or of nothing says
// nothing about what a technique buys.
func (a *Ablation) WorkRatio(in *Instance, c int) Ratio {
	r, base := in.Runs[c], in.Runs[a.Configs[c].Base]
	if !base.Status.Definite() || work(base) == 0 || work(r) == 0 {
		return Ratio{}
	}
	v := float64(work(r)) / float64(work(base))
	switch {
	case r.Status.Definite():
		return Ratio{Value: v, Defined: true}
	case r.Status == Timeout:
		return Ratio{Value: v, Bounded: true, Defined: true}
	}
	return Ratio{}
}

// Saving is the nodes a pruning saves: the nodes with it off less those
// with it on, at least Value when the run with it off timed out (Bounded),
// undefined (Defined false) for a configuration that switches no pruning
// or where a run did not settle the instance. It differs from the
// branches the pruning removed, its cuts: a branch removed may have held
// many nodes, or another cut would have removed it too (docs/ablation.md).
type Saving struct {
	Value            int64
	Bounded, Defined bool
}

func (s Saving) String() string {
	switch {
	case !s.Defined:
		return "-"
	case s.Bounded:
		return ">=" + strconv.FormatInt(s.Value, 10)
	}
	return strconv.FormatInt(s.Value, 10)
}

// Saved returns the nodes that the pruning switched off in configuration
// c saves on in: the nodes of c less those of its default, from the runs
// the ablation made.
func (a *Ablation) Saved(in *Instance, c int) Saving {
	r, base := in.Runs[c], in.Runs[a.Configs[c].Base]
	if a.Configs[c].Pruning == "" || !base.Status.Definite() {
		return Saving{}
	}
	switch {
	case r.Status.Definite():
		return Saving{Value: r.Nodes - base.Nodes, Defined: true}
	case r.Status == Timeout:
		return Saving{Value: r.Nodes - base.Nodes, Bounded: true, Defined: true}
	}
	return Saving{}
}

// Header returns the header line.
func (a *Ablation) Header() string {
	var b strings.Builder
	a.lead(&b, "file", "case", "size")
	fmt.Fprintf(&b, " %-*s %12s %12s %9s %9s %10s %10s  %s\n", a.configW(), "config", "work", "time", "work_x", "time_x", "count", "saved", "status")
	return b.String()
}

// Rows returns the lines of one instance, one per configuration.
func (a *Ablation) Rows(in *Instance) string {
	var b strings.Builder
	size := "-"
	if in.Size > 0 {
		size = fmt.Sprint(in.Size)
	}
	for c, conf := range a.Configs {
		r := in.Runs[c]
		a.lead(&b, in.File, fmt.Sprint(in.Case), size)
		t := string(r.Status)
		switch {
		case r.Status.Definite():
			t = Short(r.Time)
		case r.Status == Timeout:
			t = ">=" + Short(r.Time)
		}
		removed := "-"
		if conf.Pruning != "" {
			removed = strconv.FormatInt(cutsOf(in.Runs[conf.Base], conf.Pruning), 10)
		}
		fmt.Fprintf(&b, " %-*s %12d %12s %9s %9s %10s %10s  %s\n", a.configW(), cell(conf.Name), work(r), t,
			a.WorkRatio(in, c), a.TimeRatio(in, c), removed, a.Saved(in, c), r.Status)
	}
	return b.String()
}

// cell makes a configuration's name one word: "dfs -memo" as "dfs:-memo".
func cell(name string) string { return strings.ReplaceAll(name, " ", ":") }

func (a *Ablation) configW() int {
	w := len("config")
	for _, c := range a.Configs {
		w = max(w, len(c.Name))
	}
	return w
}

// lead writes the columns that name the instance.
func (a *Ablation) lead(b *strings.Builder, file, kase, size string) {
	fmt.Fprintf(b, "%-*s %5s", a.fileW, file, kase)
	if a.hasSize {
		fmt.Fprintf(b, " %6s", size)
	}
}

// AblationSummary is one configuration's figures over every instance:
// the medians, worst cases and geometric means of its time and work
// ratios to its default, each a lower bound (Bounded) when a timeout is
// among them.
type AblationSummary struct {
	Config
	Time, MedianTime, WorstTime Ratio
	Work, MedianWork, WorstWork Ratio
	Cuts                        int64 // its pruning's cuts at the default, over every instance; -1 for none
	// Saved is the nodes its pruning saves, over every instance where
	// it is defined: the nodes with it off less those with it on.
	Saved     Saving
	Timeouts  int // instances on which it timed out
	Instances int // instances with a defined time ratio
	// Band is the noise of the run, from its default's control: the
	// range within which the geometric mean of a configuration that
	// changes nothing falls, nineteen times in twenty.
	Band [2]float64
	// NoEffect reports a configuration that does the default's work on
	// every instance (and whose pruning never cuts at the default), with
	// a time inside the band: switching it changes nothing here.
	NoEffect bool
}

// Summarise returns one summary per configuration of ins.
func (a *Ablation) Summarise(ins []Instance) []AblationSummary {
	out := make([]AblationSummary, len(a.Configs))
	for c := range a.Configs {
		out[c] = a.summarise(ins, c)
	}
	for c := range out {
		if ctl := a.control(c); ctl >= 0 {
			out[c].Band = band(a.logTimes(ins, ctl))
		}
		s := &out[c]
		s.NoEffect = s.Category != "default" && s.Category != Control && s.Time.Defined && !s.Time.Bounded &&
			s.Cuts <= 0 && a.sameWork(ins, c) && s.Band[0] <= s.Time.Value && s.Time.Value <= s.Band[1]
	}
	return out
}

// summarise returns configuration c's ratios over ins.
func (a *Ablation) summarise(ins []Instance, c int) AblationSummary {
	conf := a.Configs[c]
	s := AblationSummary{Config: conf, Cuts: -1}
	var tl, wl []Ratio
	for i := range ins {
		if ins[i].Runs[c].Status == Timeout {
			s.Timeouts++
		}
		if r := a.TimeRatio(&ins[i], c); r.Defined {
			tl = append(tl, r)
		}
		if r := a.WorkRatio(&ins[i], c); r.Defined {
			wl = append(wl, r)
		}
		if conf.Pruning != "" {
			s.Cuts = max(s.Cuts, 0) + cutsOf(ins[i].Runs[conf.Base], conf.Pruning)
			if v := a.Saved(&ins[i], c); v.Defined {
				s.Saved = Saving{Value: s.Saved.Value + v.Value, Bounded: s.Saved.Bounded || v.Bounded, Defined: true}
			}
		}
	}
	s.Instances = len(tl)
	s.Time, s.MedianTime, s.WorstTime = ratios(tl)
	s.Work, s.MedianWork, s.WorstWork = ratios(wl)
	return s
}

// cutsOf returns how often pruning p cut in run r.
func cutsOf(r Run, p string) int64 {
	for _, c := range r.Cuts {
		if c.Pruning == p {
			return c.Count
		}
	}
	return 0
}

// ratios returns the geometric mean, the median and the worst of rs,
// each a lower bound when one of rs is.
func ratios(rs []Ratio) (geo, median, worst Ratio) {
	if len(rs) == 0 {
		return
	}
	vs := make([]float64, len(rs))
	bounded := false
	for i, r := range rs {
		vs[i], bounded = r.Value, bounded || r.Bounded
	}
	slices.Sort(vs)
	geo = Ratio{Value: geomean(vs), Bounded: bounded, Defined: true}
	median = Ratio{Value: vs[(len(vs)-1)/2], Bounded: bounded, Defined: true}
	if len(vs)%2 == 0 {
		median.Value = math.Sqrt(vs[len(vs)/2-1] * vs[len(vs)/2])
	}
	worst = Ratio{Value: vs[len(vs)-1], Bounded: bounded, Defined: true}
	return
}

// control returns the index of the control of configuration c's default,
// or -1 when it has none.
func (a *Ablation) control(c int) int {
	for i, conf := range a.Configs {
		if conf.Category == Control && conf.Base == a.Configs[c].Base {
			return i
		}
	}
	return -1
}

// logTimes returns the logarithms of configuration c's defined, unbounded
// time ratios over ins.
func (a *Ablation) logTimes(ins []Instance, c int) []float64 {
	var ls []float64
	for i := range ins {
		if r := a.TimeRatio(&ins[i], c); r.Defined && !r.Bounded && r.Value > 0 {
			ls = append(ls, math.Log(r.Value))
		}
	}
	return ls
}

// band returns the range, around 1 and the control's own geometric mean,
// of two standard errors of the mean of the control's logarithmic ratios:
// where the geometric mean of a configuration that changes nothing lies,
// about nineteen times in twenty.
func band(ls []float64) [2]float64 {
	if len(ls) < 2 {
		return [2]float64{1, 1}
	}
	mean, sq := 0.0, 0.0
	for _, l := range ls {
		mean += l
	}
	mean /= float64(len(ls))
	for _, l := range ls {
		sq += (l - mean) * (l - mean)
	}
	se := math.Sqrt(sq / float64(len(ls)-1) / float64(len(ls)))
	return [2]float64{math.Exp(min(mean, 0) - 2*se), math.Exp(max(mean, 0) + 2*se)}
}

// sameWork reports whether configuration c settled every instance as its
// default did, with the same work.
func (a *Ablation) sameWork(ins []Instance, c int) bool {
	for i := range ins {
		r, base := ins[i].Runs[c], ins[i].Runs[a.Configs[c].Base]
		if r.Status != base.Status || work(r) != work(base) {
			return false
		}
	}
	return true
}

// Summary returns the summary lines, a header first: per configuration,
// its category, its chapter, its pruning's count at the default (the
// branches it removed; an order's choices) and the nodes it saves, the
// median and worst of its work ratios, the geometric mean, median and
// worst of its time ratios, its timeouts, and "no effect" where it has
// none; then the control's band.
func (a *Ablation) Summary(ss []AblationSummary) string {
	var b strings.Builder
	w := a.configW()
	const row = "%-*s %-12s %-7s %10s %10s %9s %10s %9s %9s %10s %8s  %s\n"
	fmt.Fprintf(&b, row, w, "config", "category", "chapter", "count", "saved", "work_med", "work_worst",
		"time_geo", "time_med", "time_worst", "timeouts", "")
	for _, s := range ss {
		effect := ""
		if s.NoEffect {
			effect = "no effect here"
		}
		fmt.Fprintf(&b, row, w, cell(s.Name), s.Category, dash(s.Chapter), cuts(s.Cuts), s.Saved, s.MedianWork, s.WorstWork,
			s.Time, s.MedianTime, s.WorstTime, fmt.Sprintf("%d/%d", s.Timeouts, s.Instances), effect)
	}
	for _, s := range ss {
		if s.Category == Control {
			fmt.Fprintf(&b, "%s: the noise of this run, from its control: a time_geo in %s\n", cell(s.Name), bandText(s.Band))
		}
	}
	return b.String()
}

// BeatsDefault reports an alternative faster than its default by a tenth
// or more both on the geometric mean and on its worst instance: a
// default to review.
func (s AblationSummary) BeatsDefault() bool {
	return s.Category != "default" && s.Category != Control && s.Time.Defined && !s.Time.Bounded &&
		s.Time.Value < 0.9 && s.WorstTime.Value < 0.9
}

// legend writes what the categories among ss mean.
func (a *Ablation) legend(b *strings.Builder, ss []AblationSummary) {
	var lines []string
	seen := map[string]bool{}
	for _, s := range ss {
		if text, ok := a.Legend[s.Category]; ok && !seen[s.Category] {
			seen[s.Category] = true
			lines = append(lines, "**"+s.Category+"**: "+text)
		}
	}
	if len(lines) > 0 {
		fmt.Fprintf(b, "\nCategories: %s.\n", strings.Join(lines, "; "))
	}
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func cuts(n int64) string {
	if n < 0 {
		return "-"
	}
	return strconv.FormatInt(n, 10)
}

func bandText(b [2]float64) string {
	return fmt.Sprintf("%.3g-%.3g", b[0], b[1])
}

// Markdown returns the summary as Markdown, for docs/ablation.md: a table
// of the configurations that act, with what their pruning cuts, then a
// line naming those that have no effect here, and the control's band.
func (a *Ablation) Markdown(ss []AblationSummary) string {
	var b strings.Builder
	b.WriteString("| configuration | category | chapter | what one count is | count at the default | nodes saved | nodes or conflicts (median, worst) | time (geo. mean, median, worst) | timeouts |\n|---|---|---|---|---|---|---|---|---|\n")
	var none []string
	var controls []AblationSummary
	for _, s := range ss {
		switch {
		case s.NoEffect:
			none = append(none, "`"+s.Name+"`")
			continue
		case s.Category == Control:
			controls = append(controls, s)
		}
		chapter := s.Chapter
		if s.Pruning != "" && chapter == "" {
			chapter = "beyond"
		}
		flag := ""
		if s.BeatsDefault() {
			flag = " (beats the default)"
		}
		fmt.Fprintf(&b, "| `%s`%s | %s | %s | %s | %s | %s | %s, %s | %s, %s, %s | %d of %d |\n", s.Name, flag, s.Category, dash(chapter),
			dash(s.Counts), cuts(s.Cuts), s.Saved, s.MedianWork, s.WorstWork, s.Time, s.MedianTime, s.WorstTime, s.Timeouts, s.Instances)
	}
	a.legend(&b, ss)
	b.WriteString("\nA count is the branches a pruning removed (an order's, the choices it made); the nodes saved are the nodes with it off less those with it on ([why they differ](../ablation.md#removed-and-saved)).\n")
	if len(none) > 0 {
		fmt.Fprintf(&b, "\nNo effect here (the default's work on every instance, no cut at the default, a time inside the control's band): %s.\n", strings.Join(none, ", "))
	}
	for _, s := range controls {
		fmt.Fprintf(&b, "\nNoise: `%s`, the default run interleaved with itself, puts a configuration that changes nothing at a time of %s.\n", s.Name, bandText(s.Band))
	}
	return b.String()
}

// PlotAblation draws one bar per configuration that is not a default:
// the geometric mean of its time ratios on a logarithmic axis, up for a
// slowdown and down for a speed-up, coloured by its category, with a
// whisker up to its worst time ratio, a dot at the geometric mean of its
// work ratios, and a triangle where a timeout makes the bar a lower
// bound; a legend below names the colours and the marks.
func PlotAblation(w io.Writer, f Format, kind string, ss []AblationSummary) error {
	var bars []AblationSummary
	for i, s := range ss {
		if s.Base != i && s.Time.Defined {
			bars = append(bars, s)
		}
	}
	if len(bars) == 0 {
		return ErrNothingToPlot
	}
	tf, err := newTypeface()
	if err != nil {
		return err
	}
	lg := func(r Ratio) float64 { return math.Log2(math.Max(r.Value, 1e-9)) }
	lo, hi := 0.0, 0.0
	for _, s := range bars {
		lo, hi = min(lo, lg(s.Time)), max(hi, lg(s.Time))
		if s.WorstTime.Defined {
			hi = max(hi, lg(s.WorstTime))
		}
		if s.Work.Defined {
			lo, hi = min(lo, lg(s.Work)), max(hi, lg(s.Work))
		}
	}
	fg := figure{
		title: kind + ": each technique switched, against the default (geometric mean over the instances)",
		x: axis{lo: -0.5, hi: float64(len(bars)) - 0.5, angle: 45, ticks: func(lo, hi float64) []tick {
			ts := make([]tick, len(bars))
			for i, s := range bars {
				ts[i] = tick{value: float64(i), label: s.Name}
			}
			return ts
		}},
		y: axis{label: "ratio to the default", ticks: ratioTicks, grid: true, lo: math.Floor(lo), hi: math.Ceil(hi)},
	}
	if fg.y.hi-fg.y.lo < 2 { // 1/2x to 2x at least
		fg.y.lo, fg.y.hi = min(fg.y.lo, -1), max(fg.y.hi, 1)
	}
	const barWidth = 14
	fg.marks = append(fg.marks, func(fr *frame) {
		for i, s := range bars {
			base, top := fr.at(float64(i), 0), fr.at(float64(i), lg(s.Time))
			fr.c.polygon([]point{{base.x - barWidth/2, base.y}, {base.x + barWidth/2, base.y},
				{base.x + barWidth/2, top.y}, {base.x - barWidth/2, top.y}}, categoryColour(s.Category))
			if s.WorstTime.Value > s.Time.Value {
				worst := fr.at(float64(i), lg(s.WorstTime))
				fr.c.polyline([]point{top, worst}, black, lineWidth, nil)
				fr.c.polyline([]point{{worst.x - 4, worst.y}, {worst.x + 4, worst.y}}, black, lineWidth, nil)
			}
			if s.Work.Defined {
				dot(3, black)(fr.c, fr.at(float64(i), lg(s.Work)))
			}
			if s.Time.Bounded {
				triangle(4, timeoutColour)(fr.c, top)
			}
		}
	})
	legend := ablationLegend(bars)
	strip := float64(len(legend))*legendLine + 4*mm
	m := fg.margins(tf)
	// Wide enough for the bars, and for the title at its size whatever
	// font the viewer of an SVG picks.
	width := max(panelSide, float64(len(bars))*28+40*mm, tf.width(fg.title, titleSize)+m.left+m.right+4*mm)
	height := panelSide + strip
	const pad = 2 * mm
	return render(w, f, width, height, tf, func(c canvas) {
		fg.draw(c, tf, pad+m.left, pad+m.top, width-pad-m.right, panelSide-pad-m.bottom)
		drawLegend(c, tf, pad+m.left, panelSide+2*mm, legend)
	})
}

// ablationLegend names the colours of the categories among bars, and the
// marks.
func ablationLegend(bars []AblationSummary) []legendEntry {
	var es []legendEntry
	seen := map[string]bool{}
	for _, s := range bars {
		if !seen[s.Category] {
			seen[s.Category] = true
			es = append(es, legendEntry{square(5, categoryColour(s.Category)), "bar: time, " + s.Category})
		}
	}
	return append(es,
		legendEntry{dot(3, black), "nodes or conflicts"},
		legendEntry{dashes(black, nil), "whisker: the worst instance's time"},
		legendEntry{triangle(4, timeoutColour), "a lower bound: some instance timed out"})
}

// categoryColour is the colour of a category's bars: the colour its cuts
// have in a search tree (trace.Color), grey for the SAT encodings and a
// light grey for the control.
func categoryColour(c string) color.RGBA {
	hex := trace.Color(technique.Category(c))
	switch c {
	case "encoding":
		hex = "#888888"
	case Control:
		hex = "#BBBBBB"
	}
	var r, g, b uint8
	fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b)
	return color.RGBA{r, g, b, 0xff}
}

func square(r float64, col color.RGBA) func(canvas, point) {
	return func(c canvas, p point) {
		c.polygon([]point{{p.x - r, p.y - r}, {p.x + r, p.y - r}, {p.x + r, p.y + r}, {p.x - r, p.y + r}}, col)
	}
}

// indexOf returns the position of s in ss.
func indexOf(ss []AblationSummary, s AblationSummary) int {
	for i := range ss {
		if ss[i].Name == s.Name {
			return i
		}
	}
	return -1
}

// ratioTicks labels a log2 axis with the ratios: 1/4x, 1/2x, 1x, 2x, ...
// at most about ten of them, every second or fourth power when the range
// is wide.
func ratioTicks(lo, hi float64) []tick {
	step := math.Max(1, math.Ceil((hi-lo)/10))
	var ts []tick
	for k := math.Ceil(lo/step) * step; k <= hi; k += step {
		label := strconv.FormatFloat(math.Exp2(math.Abs(k)), 'f', -1, 64) + "x"
		if k < 0 {
			label = "1/" + label
		}
		ts = append(ts, tick{value: k, label: label})
	}
	return ts
}

// AblationRecord is one instance and one configuration as
// WriteAblationJSON writes them. The field names are stable.
type AblationRecord struct {
	Kind      string   `json:"kind"`
	File      string   `json:"file"`
	Case      int      `json:"case"`
	Size      int      `json:"size"`
	Config    string   `json:"config"`     // "dfs", "dfs -memo", "sat amo=pairwise"
	Category  string   `json:"category"`   // the pruning's category, "encoding" or "default"
	Status    Status   `json:"status"`     // as in Record
	Answer    string   `json:"answer"`     // the printed answer when solved, else ""
	Seconds   float64  `json:"seconds"`    // wall time, up to the timeout for a timeout
	Work      int64    `json:"work"`       // DFS nodes or SAT conflicts
	TimeRatio *float64 `json:"time_ratio"` // time over the default's; null when undefined
	AtLeast   bool     `json:"at_least"`   // time_ratio is a lower bound: the run timed out
	WorkRatio *float64 `json:"work_ratio"` // work over the default's; null when undefined
	// Removed is the branches the switched pruning removed at the
	// default (its cuts), Saved the nodes it saves: the nodes with it off
	// less those with it on, at least that when SavedAtLeast; both null
	// for a configuration that switches no pruning.
	Removed      *int64 `json:"removed"`
	Saved        *int64 `json:"saved"`
	SavedAtLeast bool   `json:"saved_at_least"`
	Error        string `json:"error"`
}

// AblationRecords flattens instances into one record per instance and
// configuration.
func (a *Ablation) AblationRecords(kind string, ins []Instance) []AblationRecord {
	var out []AblationRecord
	for i := range ins {
		in := &ins[i]
		for c, conf := range a.Configs {
			r := in.Runs[c]
			rec := AblationRecord{
				Kind: kind, File: in.File, Case: in.Case, Size: in.Size, Config: conf.Name, Category: conf.Category,
				Status: r.Status, Answer: r.Answer, Seconds: r.Time.Seconds(), Work: work(r), Error: r.Err,
			}
			if t := a.TimeRatio(in, c); t.Defined {
				rec.TimeRatio, rec.AtLeast = &t.Value, t.Bounded
			}
			if w := a.WorkRatio(in, c); w.Defined {
				rec.WorkRatio = &w.Value
			}
			if conf.Pruning != "" {
				n := cutsOf(in.Runs[conf.Base], conf.Pruning)
				rec.Removed = &n
			}
			if v := a.Saved(in, c); v.Defined {
				rec.Saved, rec.SavedAtLeast = &v.Value, v.Bounded
			}
			out = append(out, rec)
		}
	}
	return out
}

// WriteAblationJSON writes the records of ins as one JSON array, one
// record per line.
func (a *Ablation) WriteAblationJSON(w io.Writer, kind string, ins []Instance) error {
	return writeLines(w, a.AblationRecords(kind, ins))
}

// geomean returns the geometric mean of xs, 0 for none.
func geomean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(math.Max(x, 1e-12))
	}
	return math.Exp(sum / float64(len(xs)))
}
