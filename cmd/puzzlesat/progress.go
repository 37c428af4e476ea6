package main

import (
	"bytes"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress shows, on a terminal, a bar for a batch that runs a while:
// instances done of all, the rate, the time spent and the time left.
const (
	// progressDelay passes before the bar first shows, so that a short
	// batch prints nothing but its output.
	progressDelay = time.Second
	// progressTick redraws the bar while no instance finishes, so that
	// the clock moves during a slow one.
	progressTick = time.Second
	// progressThrottle is the shortest time between two redraws.
	progressThrottle = 100 * time.Millisecond
)

// progress is the bar of one batch on stderr. It is silent unless stderr
// is a terminal and the batch has two instances or more. The bar shares
// stderr with the batch's messages and, often, the terminal with stdout,
// so every write to either goes through write or writer, which clear the
// bar first and write whole lines only; the next update draws it again.
// Safe for concurrent use.
type progress struct {
	bar   *progressbar.ProgressBar // nil when silent
	start time.Time
	stop  chan struct{}

	mu       sync.Mutex // guards what follows, and every use of bar
	done     int
	shown    bool
	finished bool
	out      io.Writer // stdout, behind writer
	held     []byte    // the last line written to out, not finished yet
}

// newProgress returns the progress of a batch of n instances whose
// messages go to stderr.
func newProgress(stderr io.Writer, n int) *progress {
	f, ok := stderr.(*os.File)
	if !ok || n < 2 || !term.IsTerminal(int(f.Fd())) {
		return &progress{}
	}
	return startProgress(stderr, n)
}

// startProgress returns a bar of n instances on w, which it takes for a
// terminal.
func startProgress(w io.Writer, n int) *progress {
	p := &progress{start: time.Now(), stop: make(chan struct{})}
	p.bar = progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("puzzlesat"),
		progressbar.OptionSetWidth(20),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("instances"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(progressThrottle),
		progressbar.OptionClearOnFinish(),
	)
	p.bar.StartWithoutRender() // the rate counts from the batch's start
	go p.tick()
	return p
}

// tick redraws the bar now and then until finish.
func (p *progress) tick() {
	t := time.NewTicker(progressTick)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.draw()
			p.mu.Unlock()
		}
	}
}

// update records that k instances are done.
func (p *progress) update(k int) {
	if p.bar == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = k
	p.draw()
}

// draw shows the bar once the delay has passed and an instance is done,
// so that the rate and the time left mean something. Call it with p.mu
// held.
func (p *progress) draw() {
	if p.bar == nil || p.finished || p.done == 0 || time.Since(p.start) < progressDelay {
		return
	}
	p.bar.Set(p.done) // draws, at most every progressThrottle
	p.shown = true
}

// clear removes the bar from the screen. Call it with p.mu held.
func (p *progress) clear() {
	if p.shown {
		p.bar.Clear()
		p.shown = false
	}
}

// write writes s to w with the bar out of the way.
func (p *progress) write(w io.Writer, s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	io.WriteString(w, s)
}

// writer returns w, or, when the bar shows, w behind a writer that clears
// the bar before each write and holds a line back until it ends, so that
// the bar is never drawn in the middle of one. Finish writes what is held.
func (p *progress) writer(w io.Writer) io.Writer {
	if p.bar == nil {
		return w
	}
	p.out = w
	return pausing{p}
}

// finish removes the bar for good.
func (p *progress) finish() {
	if p.bar == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.finished {
		close(p.stop)
		p.clear()
		p.finished = true
		if len(p.held) > 0 {
			p.out.Write(p.held)
		}
	}
}

// pausing is the writer of writer: it clears the bar and writes the
// lines ended so far, holding back the rest.
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
	p.clear()
	_, err := p.out.Write(p.held[:end])
	p.held = append(p.held[:0], p.held[end:]...)
	return len(b), err
}
