// Package lessons is the explorer's Lessons pane: fourteen data-modeling
// lessons, each a few steps of explanation and one action the user runs
// with enter (a prepared Query or Scan, a write, a transaction, PartiQL
// statements side by side, a clock jump, a traffic run, a look at the
// stream or at the items an index leaves out), with the result below: what
// the request returned, the capacity it consumed with the engine's
// itemised explanation, or DynamoDB's error (a cancelled transaction's
// reasons in request order).
//
// A lesson never touches the user's tables: it runs on its own copy of its
// data set, an in-memory engine with its own clock made when the lesson's
// first step runs (r throws it away and starts over on a fresh one;
// another lesson gets its own). o shows the step's request, or the table,
// in the real panes on that copy: the root shows the copy as a workspace
// beside the user's (ctrl+o goes back).
//
// Where things are: lessons.go holds the pane's model, its keys and help;
// update.go the messages and Update (running a step, opening it in a pane);
// copy.go a lesson's copy of its data set (made, announced to the root as
// a workspace, thrown away); view.go the lesson list, the step and its
// result. step.go defines a lesson, its steps and their actions; content.go
// and the files named after a lesson (design.go, thenandnow.go,
// uniqueness.go, recovery.go, content_vectors.go) are the lessons themselves; run.go and run_txn.go send a
// step's action to the copy and gather its result.
package lessons
