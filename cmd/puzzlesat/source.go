package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// A batch reads its input once, as a stream, ahead of the answers: it
// checks the instances it holds, so that bad input in a small file is
// found before anything is printed, and it starts answering when the
// input ends, when what it holds reaches its bound, or when the input
// stalls, so that the instances of a slow producer are answered as they
// come, as cat would pass them on. Endless input gives endless answers,
// in order, in bounded memory.
const (
	// aheadBytes bounds the input text held ahead of the answers. An
	// instance takes from 2 to 10 times its text in memory.
	aheadBytes = 4 << 20
	// aheadInstances bounds the instances held ahead of the answers,
	// whatever their text: some 50,000 9x9 puzzles take 16 MiB.
	aheadInstances = 50_000
	// stallDelay is how long the input may bring no new instance before
	// the batch answers the ones it holds.
	stallDelay = 100 * time.Millisecond
	// minInputWait is the shortest wait for input that ends a batch:
	// --timeout, the limit of every wait, bounds it only when longer, so
	// that --timeout=1ms times out instances, not the reading of a pipe.
	minInputWait = time.Second
)

// source holds the instances that its producer reads ahead, in order,
// and hands them to the batch.
type source[I any] struct {
	maxBytes     int64 // the bound on the text held (aheadBytes)
	maxInstances int   // the bound on the instances held (aheadInstances)
	stall        time.Duration
	timeout      time.Duration // the longest wait for an instance; 0: no limit
	waits        func() bool   // whether the input being read may wait; nil: it may

	mu    sync.Mutex
	queue []held[I]
	bytes int64 // the text of the instances in queue
	open  bool  // answering has begun: instances are handed out as they come
	done  bool  // the input ended, at its end or at err
	err   error
	read  int           // instances read
	last  time.Time     // when the last instance came, or the producer last waited for room
	wake  chan struct{} // the producer brought something: an instance, the end
	room  chan struct{} // next took an instance: the producer may go on
}

// held is an instance in the queue and the text it took.
type held[I any] struct {
	x    I
	size int64
}

// feedFunc reads the instances of a batch's input in order, under ctx,
// and calls yield with each; it stops at the first error of the input or
// of yield.
type feedFunc[I any] func(ctx context.Context, yield func(I) error) error

// stream is the input of a batch: feed reads its instances; bytes,
// when not nil, returns the bytes feed has read so far, and is called
// by feed's goroutine only; name names the input being read, for
// messages, and is safe to call from any goroutine.
type stream[I any] struct {
	feed  feedFunc[I]
	bytes func() int64
	name  func() string
	// waits, when not nil, reports whether the input being read may
	// wait for a writer (a pipe, not a regular file): only such an input
	// ends the batch when it brings nothing for --timeout. It is safe to
	// call from any goroutine.
	waits func() bool
	// header, when not "", is printed before the first result, so that
	// a batch that answers nothing (bad input) prints nothing.
	header string
}

// newSource returns a source with the batch's bounds, its waits for
// input bounded by timeout (0: none), but never below minInputWait, and
// only while waits says the input being read may wait.
func newSource[I any](timeout time.Duration, waits func() bool) *source[I] {
	if timeout > 0 {
		timeout = max(timeout, minInputWait)
	}
	return &source[I]{
		maxBytes: aheadBytes, maxInstances: aheadInstances, stall: stallDelay, timeout: timeout, waits: waits,
		wake: make(chan struct{}, 1), room: make(chan struct{}, 1),
	}
}

// notify wakes whoever waits on ch, if anyone.
func notify(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// run reads the instances that feed yields into the queue until the
// input ends or ctx does; bytes returns the input read so far. It waits
// while the queue is full.
func (s *source[I]) run(ctx context.Context, feed feedFunc[I], bytes func() int64) {
	s.mu.Lock()
	s.last = time.Now()
	s.mu.Unlock()
	var prev int64
	err := feed(ctx, func(x I) error {
		var size int64
		if bytes != nil {
			now := bytes()
			size, prev = now-prev, now
		}
		s.mu.Lock()
		for len(s.queue) > 0 && (s.bytes >= s.maxBytes || len(s.queue) >= s.maxInstances) {
			s.open = true // held to the bound: answering begins
			s.mu.Unlock()
			notify(s.wake)
			select {
			case <-s.room:
			case <-ctx.Done():
				return errStop
			}
			s.mu.Lock()
			s.last = time.Now()
		}
		s.queue = append(s.queue, held[I]{x, size})
		s.bytes += size
		s.read++
		s.last = time.Now()
		s.mu.Unlock()
		notify(s.wake)
		return nil
	})
	s.mu.Lock()
	s.done = true
	if ctx.Err() == nil && !errors.Is(err, errStop) {
		s.err = err
	}
	s.mu.Unlock()
	notify(s.wake)
}

// total returns the number of instances of the input, and whether it is
// known yet: once the input ended.
func (s *source[I]) total() (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.read, s.done && s.err == nil
}

// next returns the next instance, waiting until answering may begin:
// io.EOF at the end of the input; the input's error, once the instances
// before it are taken when answering had begun, and at once when it had
// not, so that bad input in a small file prints nothing; an
// *inputTimeout when no instance came for s.timeout while next waited;
// or ctx's error.
func (s *source[I]) next(ctx context.Context) (I, error) {
	var zero I
	waitStart := time.Now()
	for {
		s.mu.Lock()
		if len(s.queue) > 0 && (s.open || s.done && s.err == nil) {
			h := s.queue[0]
			s.queue[0] = held[I]{}
			s.queue = s.queue[1:]
			s.bytes -= h.size
			s.open = true
			s.mu.Unlock()
			notify(s.room)
			return h.x, nil
		}
		if s.done {
			err := s.err
			s.mu.Unlock()
			if err == nil {
				err = io.EOF
			}
			return zero, err
		}
		wait := time.Duration(-1)
		now := time.Now()
		if len(s.queue) > 0 { // held, not answering yet
			d := s.last.Add(s.stall).Sub(now)
			if d <= 0 {
				s.open = true
				s.mu.Unlock()
				continue
			}
			wait = d
		} else if s.timeout > 0 && (s.waits == nil || s.waits()) {
			d := later(s.last, waitStart).Add(s.timeout).Sub(now)
			if d <= 0 {
				s.mu.Unlock()
				return zero, &inputTimeout{s.timeout}
			}
			wait = d
		}
		s.mu.Unlock()
		if err := s.wait(ctx, wait); err != nil {
			return zero, err
		}
	}
}

// wait waits for the producer, at most d when d >= 0, or for ctx's end.
func (s *source[I]) wait(ctx context.Context, d time.Duration) error {
	var timer <-chan time.Time
	if d >= 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	}
	select {
	case <-s.wake:
	case <-timer:
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}

// later returns the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// inputTimeout is a wait for the next instance that reached --timeout:
// an input that never ends, or never comes, with no complete instance.
type inputTimeout struct{ d time.Duration }

// errInputStopped fails a batch whose input stopped coming: an
// *inputTimeout, said on stderr.
var errInputStopped = fmt.Errorf("%w: the input stopped coming", errFailed)

func (e *inputTimeout) Error() string {
	return fmt.Sprintf("no complete instance came within --timeout=%v", e.d)
}
