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
// and hands them to the batch. Its two sides meet under one lock, once
// an instance each, and wake each other only when the other waits for
// what they bring: a 9x9 puzzle takes 4 µs to solve, and a goroutine's
// wake-up, or a read of the clock, for each was a tenth of that.
type source[I any] struct {
	maxBytes     int64 // the bound on the text held (aheadBytes)
	maxInstances int   // the bound on the instances held (aheadInstances)
	stall        time.Duration
	timeout      time.Duration // the longest wait for an instance; 0: no limit
	waits        func() bool   // whether the input being read may wait; nil: it may

	mu    sync.Mutex
	queue ring[held[I]]
	bytes int64 // the text of the instances in queue
	open  bool  // answering has begun: instances are handed out as they come
	done  bool  // the input ended, at its end or at err
	err   error
	read  int // instances read
	// full says that the producer waits for room, which it is given
	// once the queue is down to three quarters of the bound: not at
	// every instance taken.
	full bool
	// seen is read when next, waiting on a held queue, last looked, at
	// seenAt: the input stalled when a whole stall passed without an
	// instance, which next sees without the producer reading the clock.
	seen   int
	seenAt time.Time
	wake   chan struct{} // the producer brought what next may wait for: an instance to an empty queue, the bound, the end
	room   chan struct{} // the queue has room again: the producer may go on
}

// held is an instance in the queue and the text it took.
type held[I any] struct {
	x    I
	size int64
}

// ring is a queue of values in a circular buffer that doubles when
// full: a slice taken from at its front and appended to at its back
// copied what it held at every growth, some 250 bytes for each 9x9 puzzle
// of a batch.
type ring[T any] struct {
	buf  []T // its length a power of two, or 0
	head int // the index of the first value
	n    int
}

func (q *ring[T]) len() int { return q.n }

// push adds x at the back.
func (q *ring[T]) push(x T) {
	if q.n == len(q.buf) {
		buf := make([]T, max(16, 2*len(q.buf)))
		for i := range q.n {
			buf[i] = q.buf[(q.head+i)&(len(q.buf)-1)]
		}
		q.buf, q.head = buf, 0
	}
	q.buf[(q.head+q.n)&(len(q.buf)-1)] = x
	q.n++
}

// pop removes and returns the value at the front; the queue is not empty.
func (q *ring[T]) pop() T {
	var zero T
	x := q.buf[q.head]
	q.buf[q.head] = zero // for the collector
	q.head = (q.head + 1) & (len(q.buf) - 1)
	q.n--
	return x
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
	var prev int64
	err := feed(ctx, func(x I) error {
		var size int64
		if bytes != nil {
			now := bytes()
			size, prev = now-prev, now
		}
		s.mu.Lock()
		for s.queue.len() > 0 && (s.bytes >= s.maxBytes || s.queue.len() >= s.maxInstances) {
			s.open = true // held to the bound: answering begins
			s.full = true
			s.mu.Unlock()
			notify(s.wake)
			select {
			case <-s.room:
			case <-ctx.Done():
				return errStop
			}
			s.mu.Lock()
		}
		wake := s.queue.len() == 0 // next may wait for it
		s.queue.push(held[I]{x, size})
		s.bytes += size
		s.read++
		s.mu.Unlock()
		if wake {
			notify(s.wake)
		}
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
// or ctx's error. Answering begins at the bound, at the end of the
// input, or once next saw no new instance come for a whole s.stall
// (so within two of them after the last).
func (s *source[I]) next(ctx context.Context) (I, error) {
	var zero I
	var waitStart time.Time // of a wait on an empty queue
	for {
		s.mu.Lock()
		if s.queue.len() > 0 && (s.open || s.done && s.err == nil) {
			h := s.queue.pop()
			s.bytes -= h.size
			s.open = true
			room := s.full && s.bytes <= s.maxBytes-s.maxBytes/4 && s.queue.len() <= s.maxInstances-s.maxInstances/4
			if room {
				s.full = false
			}
			s.mu.Unlock()
			if room {
				notify(s.room)
			}
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
		if s.queue.len() > 0 { // held, not answering yet
			if s.read != s.seen {
				s.seen, s.seenAt = s.read, now
			}
			d := s.seenAt.Add(s.stall).Sub(now)
			if d <= 0 {
				s.open = true
				s.mu.Unlock()
				continue
			}
			wait = d
		} else if s.timeout > 0 && (s.waits == nil || s.waits()) {
			if waitStart.IsZero() {
				waitStart = now
			}
			d := waitStart.Add(s.timeout).Sub(now)
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

// inputTimeout is a wait for the next instance that reached --timeout:
// an input that never ends, or never comes, with no complete instance.
type inputTimeout struct{ d time.Duration }

// errInputStopped fails a batch whose input stopped coming: an
// *inputTimeout, said on stderr.
var errInputStopped = fmt.Errorf("%w: the input stopped coming", errFailed)

func (e *inputTimeout) Error() string {
	return fmt.Sprintf("no complete instance came within --timeout=%v", e.d)
}
