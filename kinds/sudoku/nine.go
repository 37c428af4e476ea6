package sudoku

import (
	"math/bits"
)

// The two checks that every 9x9 puzzle of a batch meets, its givens when
// it is read and its answer before it is printed, made on the bits of
// three cells at a time rather than cell by cell. A cell of value v is
// bit v of a 16-bit lane, and the word of a segment (the three cells of a
// row in one box) holds them in lanes 0, 1 and 2. A row is the union of
// its three words, folded into one lane; a box the union of its three
// rows' words at one place, folded; a column one lane of the union of the
// words at its place down the grid.

// nineAll is the bits of the values 1..9.
const nineAll = 0x3fe

// nineBits are the bits of the values of the lowest four bits of a cell:
// none for a blank, 0, and for 10..15.
var nineBits = [16]uint64{0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7, 1 << 8, 1 << 9}

// nineGivenBits are nineBits for a given, whose values 10..15 take a bit
// that no answer's value takes.
var nineGivenBits = [16]uint64{0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7, 1 << 8, 1 << 9,
	1 << 15, 1 << 15, 1 << 15, 1 << 15, 1 << 15, 1 << 15}

// nineWord returns the word of the segment of row that starts at cell
// j, from bits, and the union of its cells' values, which says whether
// one is past 15 or below 0.
func nineWord(row *[9]int16, j int, bits *[16]uint64) (uint64, int16) {
	return bits[row[j]&15] | bits[row[j+1]&15]<<16 | bits[row[j+2]&15]<<32, row[j] | row[j+1] | row[j+2]
}

// nineFold returns the union of the three lanes of w.
func nineFold(w uint64) uint64 { return (w | w>>16 | w>>32) & 0xffff }

// sudoku9Fills reports whether cells fill the 9x9 puzzle of givens: every
// given kept, and every row, box and column holding each of 1..9, which
// also keeps out a value outside them (10..15 sets no bit, and leaves its
// row short of one; any other is seen in the union of the values). The
// words of the answer are made a row at a time and checked by unit after,
// which keeps fewer of them at once than the compiler has registers for.
func sudoku9Fills(givens, cells []int16) bool {
	if len(cells) != 81 || len(givens) != 81 {
		return false
	}
	var words [27]uint64 // the answer's segments, three a row
	var lost uint64      // the bits of givens not kept
	var values int16     // the union of every value and given
	for r := range 9 {
		row, given := (*[9]int16)(cells[9*r:9*r+9]), (*[9]int16)(givens[9*r:9*r+9])
		w0, v0 := nineWord(row, 0, &nineBits)
		w1, v1 := nineWord(row, 3, &nineBits)
		w2, v2 := nineWord(row, 6, &nineBits)
		g0, u0 := nineWord(given, 0, &nineGivenBits)
		g1, u1 := nineWord(given, 3, &nineGivenBits)
		g2, u2 := nineWord(given, 6, &nineGivenBits)
		lost |= g0&^w0 | g1&^w1 | g2&^w2
		values |= v0 | v1 | v2 | u0 | u1 | u2
		w := (*[3]uint64)(words[3*r : 3*r+3])
		w[0], w[1], w[2] = w0, w1, w2
	}
	return lost == 0 && uint16(values) < 16 && nineUnitsFull(&words)
}

// nineUnitsFull reports whether every row, box and column of the
// segments' words holds each of 1..9.
func nineUnitsFull(words *[27]uint64) bool {
	var bad uint64
	var cols [3]uint64 // the columns of stack k in the lanes of cols[k]
	for b := 0; b < 27; b += 9 {
		band := (*[9]uint64)(words[b : b+9])
		var boxes [3]uint64
		for r := 0; r < 9; r += 3 {
			w0, w1, w2 := band[r], band[r+1], band[r+2]
			bad |= nineFold(w0|w1|w2) ^ nineAll
			boxes[0], boxes[1], boxes[2] = boxes[0]|w0, boxes[1]|w1, boxes[2]|w2
		}
		for k, x := range boxes {
			bad |= nineFold(x) ^ nineAll
			cols[k] |= x
		}
	}
	const lanes = nineAll | nineAll<<16 | nineAll<<32
	for _, c := range cols {
		bad |= c ^ lanes
	}
	return bad == 0
}

// sudoku9Distinct reports whether no value repeats in a row, column or
// box of the 9x9 cells, blanks aside. The cells hold 0..9, as the parser
// reads them. A unit's values are distinct when its union has as many
// bits as the unit has givens, which the words' bits count; two givens of
// a column meet in one lane of its stack.
func sudoku9Distinct(cells []int16) bool {
	if len(cells) != 81 {
		return false
	}
	var cols [3]uint64
	var twice uint64
	for band := 0; band < 81; band += 27 {
		var boxes [3]uint64
		var givens [3]int // of each box of the band
		for r := band; r < band+27; r += 9 {
			row := (*[9]int16)(cells[r : r+9])
			w0, _ := nineWord(row, 0, &nineBits)
			w1, _ := nineWord(row, 3, &nineBits)
			w2, _ := nineWord(row, 6, &nineBits)
			n0, n1, n2 := bits.OnesCount64(w0), bits.OnesCount64(w1), bits.OnesCount64(w2)
			twice |= uint64(bits.OnesCount64(nineFold(w0|w1|w2)) ^ (n0 + n1 + n2))
			twice |= cols[0]&w0 | cols[1]&w1 | cols[2]&w2
			cols[0], cols[1], cols[2] = cols[0]|w0, cols[1]|w1, cols[2]|w2
			boxes[0], boxes[1], boxes[2] = boxes[0]|w0, boxes[1]|w1, boxes[2]|w2
			givens[0], givens[1], givens[2] = givens[0]+n0, givens[1]+n1, givens[2]+n2
		}
		for k, b := range boxes {
			twice |= uint64(bits.OnesCount64(nineFold(b)) ^ givens[k])
		}
	}
	return twice == 0
}
