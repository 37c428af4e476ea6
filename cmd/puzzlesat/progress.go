package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// Progress shows, on a terminal, a line for a batch that runs a while:
// instances done of all, the rate, the time spent and the time left,
// behind a bar when the terminal is wide enough; while the number of
// instances is not known (the input has not ended), the instances done,
// the rate and the time spent.
const (
	// progressDelay passes before the line first shows, so that a short
	// batch prints nothing but its output.
	progressDelay = time.Second
	// progressTick redraws the line while no instance finishes, so that
	// the clock moves during a slow one.
	progressTick = time.Second
	// progressThrottle is the shortest time between two redraws.
	progressThrottle = 100 * time.Millisecond
	// barMin and barMax bound the bar's width: narrower, it says too
	// little and the numbers show alone; wider, it only takes room.
	barMin, barMax = 10, 40
	// defaultColumns is the width taken when the terminal's is unknown.
	defaultColumns = 80
)

// The sequences that move back to the start of the line (and erase it).
const (
	carriageReturn = "\r"
	eraseLine      = "\r\x1b[K" // back to the first column, erase to the end of the line
)

// progress is the line of one batch on stderr. It is silent unless stderr
// is a terminal, and shows nothing for a batch of one instance. It is redrawn in
// place, never longer than the terminal is wide, so that it never wraps.
// Messages on stderr go through write, which erases the line first and
// draws it again after. Stdout's writes go through writer, which does the
// same only when stdout is the same terminal; to a file, a pipe or another
// terminal they never touch the line. Safe for concurrent use.
type progress struct {
	w       io.Writer          // stderr; nil when silent
	columns func() int         // the terminal's width, 0 when unknown
	total   func() (int, bool) // the number of instances, and whether it is known yet
	start   time.Time
	stop    chan struct{}

	mu       sync.Mutex // guards what follows, and every write to w
	done     int
	shown    bool // the line is on the screen
	drawn    time.Time
	finished bool
	out      io.Writer // stdout, behind writer
	held     []byte    // the last line written to out, not finished yet
}

// newProgress returns the progress of a batch whose messages go to
// stderr, total saying how many instances it has once that is known.
func newProgress(stderr io.Writer, total func() (int, bool)) *progress {
	f := fileOf(stderr)
	if f == nil || !term.IsTerminal(int(f.Fd())) {
		return &progress{}
	}
	return startProgress(stderr, total, func() int {
		w, _, err := term.GetSize(int(f.Fd()))
		if err != nil {
			return 0
		}
		return w
	})
}

// startProgress returns the progress of total instances on w, which it
// takes for a terminal columns wide.
func startProgress(w io.Writer, total func() (int, bool), columns func() int) *progress {
	p := &progress{w: w, columns: columns, total: total, start: time.Now(), stop: make(chan struct{})}
	go p.tick()
	return p
}

// tick redraws the line now and then until finish.
func (p *progress) tick() {
	t := time.NewTicker(progressTick)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.draw(false)
			p.mu.Unlock()
		}
	}
}

// update records that k instances are done.
func (p *progress) update(k int) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = k
	p.draw(false)
}

// draw shows the line once the delay has passed and an instance is done,
// so that the rate and the time left mean something: at most every
// progressThrottle, unless now, to put it back after a write. It
// overwrites the line in place, without erasing it first, so that it
// never blinks. Call it with p.mu held.
func (p *progress) draw(now bool) {
	spent := time.Since(p.start)
	if p.w == nil || p.finished || p.done == 0 || spent < progressDelay {
		return
	}
	if !now && p.shown && time.Since(p.drawn) < progressThrottle {
		return
	}
	n, known := p.total()
	if known && n < 2 {
		return
	}
	if !known {
		n = -1
	}
	cols := p.columns()
	if cols <= 0 {
		cols = defaultColumns
	}
	io.WriteString(p.w, carriageReturn+progressLine(p.done, n, spent, cols)+"\x1b[K")
	p.shown, p.drawn = true, time.Now()
}

// progressLine returns the line of done instances of n after spent, at
// most columns-1 characters long: the last column is left free, since a
// terminal that writes there may wrap to the next line. The bar goes
// first when the line is too long, then the name, then all but the count
// and the time left. For n < 0, a number not known yet, the line counts
// without a total: the instances done, the rate and the time spent.
func progressLine(done, n int, spent time.Duration, columns int) string {
	rate := float64(done) / spent.Seconds()
	if n < 0 {
		return unknownTotalLine(done, rate, spent, columns)
	}
	left := time.Duration(float64(spent) * float64(n-done) / float64(done))
	numbers := fmt.Sprintf("%3d%% %d/%d %.3g/s %s, %s left", 100*done/n, done, n, rate, clock(spent), clock(left))
	room := columns - 1
	const name = "puzzlesat "
	if bar := min(barMax, room-len(name)-len("[] ")-len(numbers)); bar >= barMin {
		full := bar * done / n
		arrow := ""
		if full < bar {
			arrow = ">"
		}
		return name + "[" + strings.Repeat("=", full) + arrow + strings.Repeat(" ", bar-full-len(arrow)) + "] " + numbers
	}
	count := fmt.Sprintf("%d/%d", done, n)
	for _, s := range []string{name + numbers, numbers, count + " " + clock(left) + " left", count} {
		if len(s) <= room {
			return s
		}
	}
	return ""
}

// unknownTotalLine is progressLine without a total.
func unknownTotalLine(done int, rate float64, spent time.Duration, columns int) string {
	count := fmt.Sprintf("%d done", done)
	numbers := fmt.Sprintf("%s %.3g/s %s", count, rate, clock(spent))
	for _, s := range []string{"puzzlesat " + numbers, numbers, count} {
		if len(s) <= columns-1 {
			return s
		}
	}
	return ""
}

// clock prints d to the second, or to the tenth under ten seconds.
func clock(d time.Duration) string {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// erase takes the line off the screen. Call it with p.mu held.
func (p *progress) erase() {
	if p.shown {
		io.WriteString(p.w, eraseLine)
		p.shown = false
	}
}

// write writes s, whole lines, to w, which shares the terminal with the
// line: the line is erased first and drawn again after.
func (p *progress) write(w io.Writer, s string) {
	if p.w == nil {
		io.WriteString(w, s)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	shown := p.shown
	p.erase()
	io.WriteString(w, s)
	if shown {
		p.draw(true)
	}
}

// writer returns w, or, when the line shows and w is the terminal it
// shows on, w behind a writer that erases the line before each write,
// draws it again after, and holds a line back until it ends, so that the
// line is never drawn in the middle of one. Finish writes what is held.
func (p *progress) writer(w io.Writer) io.Writer {
	if p.w == nil || !sameTerminal(w, p.w) {
		return w
	}
	return p.pausing(w)
}

// pausing returns w behind the writer of writer.
func (p *progress) pausing(w io.Writer) io.Writer {
	p.out = w
	return pausing{p}
}

// sameTerminal reports whether a and b write to one terminal, as stdout
// and stderr do when neither is redirected.
func sameTerminal(a, b io.Writer) bool {
	fa, fb := fileOf(a), fileOf(b)
	if fa == nil || fb == nil || !term.IsTerminal(int(fa.Fd())) || !term.IsTerminal(int(fb.Fd())) {
		return false
	}
	sa, err := fa.Stat()
	if err != nil {
		return false
	}
	sb, err := fb.Stat()
	return err == nil && os.SameFile(sa, sb)
}

// fileOf returns the file that w writes to, nil for another writer.
func fileOf(w io.Writer) *os.File {
	for {
		switch v := w.(type) {
		case *checked:
			w = v.w
		case *waitWriter:
			w = v.w
		case *lockedWriter:
			w = v.w
		case *os.File:
			return v
		default:
			return nil
		}
	}
}

// finish takes the line away for good.
func (p *progress) finish() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.finished {
		close(p.stop)
		p.erase()
		p.finished = true
		if len(p.held) > 0 {
			p.out.Write(p.held)
		}
	}
}

// pausing is the writer of writer: it erases the line, writes the lines
// ended so far, holding back the rest, and draws the line again.
type pausing struct{ p *progress }

func (w pausing) Write(b []byte) (int, error) {
	p := w.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return p.out.Write(b)
	}
	p.held = append(p.held, b...)
	end := bytes.LastIndexByte(p.held, '\n') + 1
	if end == 0 {
		return len(b), nil
	}
	shown := p.shown
	p.erase()
	_, err := p.out.Write(p.held[:end])
	p.held = append(p.held[:0], p.held[end:]...)
	if shown {
		p.draw(true)
	}
	return len(b), err
}
