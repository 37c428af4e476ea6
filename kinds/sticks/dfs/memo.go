package dfs

import (
	"math/bits"
	"slices"
)

// sticksMemo is an exact set of states, for those that failed. A state
// is the count left of each distinct length, and the memo packs it into
// a key of as few 64-bit words as the block's counts need: a field of
// bits.Len(c) bits for a length the block holds c pieces of, so that the
// 64 pieces of 64 distinct lengths take one word, where a count vector
// took 64 words of 4 bytes. Keys are stored one after another in keys;
// slots is an open addressing hash table over them (linear probing, at
// most half full), each slot holding the top 32 bits of the key's hash
// and its index plus one (0 marks an empty slot).
//
// The memo keeps at most max keys: as many as the block has states, and
// no more than its bytes allow, so that memory follows the block
// (a few kilobytes for most judge blocks) and stays bounded on a hard one
// whatever its pieces; past it, failed states are forgotten, which costs
// time, never an answer.
type sticksMemo struct {
	word  []int32  // per distinct length: the word of its field in a key
	shift []uint8  // and the field's first bit
	words int      // words per key
	max   int      // the most keys kept
	slots []uint64 // the hash table
	keys  []uint64 // words per key, one key after another
	used  int      // keys stored
	key   []uint64 // scratch: the key being looked up
	// refs, when the search is traced, holds beside each key the
	// decision under which its state failed (trace.Probe.Current), for
	// a memo hit to point to; nil otherwise.
	refs []int64
}

// setup lays out the keys of a block whose counts are cnt, at most bytes
// of keys and table, and empties the set; with too few bytes for one key
// (0 among them) the set keeps nothing. traced keeps refs too.
func (m *sticksMemo) setup(cnt []int, bytes int, traced bool) {
	m.word, m.shift = make([]int32, len(cnt)), make([]uint8, len(cnt))
	w, bit := 0, 0
	states := 1.0 // the states there are: the product of count+1
	for j, c := range cnt {
		n := bits.Len(uint(c))
		if bit+n > 64 {
			w, bit = w+1, 0
		}
		m.word[j], m.shift[j] = int32(w), uint8(bit)
		bit += n
		states *= float64(c + 1)
	}
	m.words = w + 1
	m.key = make([]uint64, m.words)
	// A key and two slots per state, the table at most half full: with
	// max a power of two the table never passes 2·max slots.
	m.max = 0
	if n := bytes / (8*m.words + 16); n > 0 {
		m.max = 1 << (bits.Len(uint(n)) - 1)
	}
	if states < float64(m.max) {
		m.max = int(states)
	}
	m.slots, m.keys, m.used = nil, nil, 0
	m.refs = nil
	if traced {
		m.refs = []int64{}
	}
}

// reset empties the set, keeping its storage.
func (m *sticksMemo) reset() {
	clear(m.slots)
	m.keys = m.keys[:0]
	m.used = 0
	if m.refs != nil {
		m.refs = m.refs[:0]
	}
}

// pack writes into m.key the state whose counts are cnt[f:], all counts
// before f being 0, and returns its hash.
func (m *sticksMemo) pack(cnt []int, f int) uint64 {
	key := m.key
	clear(key)
	for j := f; j < len(cnt); j++ {
		key[m.word[j]] |= uint64(cnt[j]) << m.shift[j]
	}
	return sticksHash(key)
}

// sticksHash hashes a key, a word at a time (FNV-1a style).
func sticksHash(key []uint64) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range key {
		h = (h ^ x) * 0x100000001b3
		h ^= h >> 32
	}
	return h ^ h>>29
}

// find returns the slot of m.key, whose hash is h, or the empty slot
// where it would go.
func (m *sticksMemo) find(h uint64) int {
	mask := len(m.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		e := m.slots[i]
		if e == 0 || e>>32 == h>>32 && slices.Equal(m.stored(int(uint32(e))-1), m.key) {
			return i
		}
	}
}

// stored returns key k of the set.
func (m *sticksMemo) stored(k int) []uint64 { return m.keys[k*m.words : (k+1)*m.words] }

// has reports whether the state cnt[f:] is in the set.
func (m *sticksMemo) has(cnt []int, f int) bool { return m.lookup(cnt, f) >= 0 }

// lookup returns the index of the state cnt[f:] in the set, -1 when it
// is not there.
func (m *sticksMemo) lookup(cnt []int, f int) int {
	if m.used == 0 {
		return -1
	}
	return int(uint32(m.slots[m.find(m.pack(cnt, f))])) - 1
}

// ref returns the decision kept beside key k when traced, else -1.
func (m *sticksMemo) ref(k int) int64 {
	if k < len(m.refs) {
		return m.refs[k]
	}
	return -1
}

// add puts the state cnt[f:] into the set, unless the set is full; ref is
// the decision under which it failed, kept when traced.
func (m *sticksMemo) add(cnt []int, f int, ref int64) {
	if m.used >= m.max {
		return
	}
	if 2*(m.used+1) > len(m.slots) {
		m.grow()
	}
	h := m.pack(cnt, f)
	i := m.find(h)
	if m.slots[i] != 0 {
		return
	}
	m.slots[i] = h>>32<<32 | uint64(m.used+1)
	m.used++
	if len(m.keys)+m.words > cap(m.keys) { // grow, but never past max keys
		keys := make([]uint64, len(m.keys), min(max(2*cap(m.keys), 256*m.words), m.max*m.words))
		copy(keys, m.keys)
		m.keys = keys
	}
	m.keys = append(m.keys, m.key...)
	if m.refs != nil {
		m.refs = append(m.refs, ref)
	}
}

// grow doubles the table (256 slots at first) and puts every key back.
func (m *sticksMemo) grow() {
	m.slots = make([]uint64, max(256, 2*len(m.slots)))
	mask := len(m.slots) - 1
	for k := range m.used {
		h := sticksHash(m.stored(k))
		i := int(h) & mask
		for m.slots[i] != 0 {
			i = (i + 1) & mask
		}
		m.slots[i] = h>>32<<32 | uint64(k+1)
	}
}
