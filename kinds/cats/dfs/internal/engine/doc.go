// Package cats holds native's search for cats and cable cars (AcWing
// 165), behind one entry point, Solve.
//
// First-fit decreasing gives a first packing, and cats.Instance.LowerBound
// (Martello and Toth's L2, which holds ceil(sum/W) and the cats over W/2)
// a first bound. Between them, bin completion (Korf 2002, 2003; binSearch
// in bins.go) asks "do the cats fit in k cars?" for k from the bound up,
// filling one car at a time, the car of the heaviest cat left, in every
// undominated way; the first k that fits is the answer. A question that a
// cheap pass does not settle is searched again with the LP bound of
// Gilmore and Gomory at every node (lp.go: column generation, the
// knapsack that prices patterns, and Farley's bound).
//
// Both searches count each act of each pruning of Prunings in a
// trace.Probe, and under a trace.Recorder draw their trees: bin
// completion's decisions are its passes ("9 cars?") and the cars it
// fills ("car 3: 44+31+25"), the item search's the car each cat goes in
// ("37 in car 2").
package engine
