package ui

import "testing"

// transactionGolden builds a two-action transaction in the query builder
// at w x h and runs it: a new profile that may take an email only if
// customer c-1001 does not have it (a ConditionCheck returning the item
// it met). c-1001 has it: the transaction is cancelled, action 2 failed.
func transactionGolden(t *testing.T, w, h int) {
	g := startGolden(t, w, h)
	g.goToTable("CustomerDocuments")
	g.waitFor("last: Scan CustomerDocuments")
	g.keys("3", "m", "m")
	g.waitFor("Transaction  TransactWriteItems")
	g.keys("a", "j", "j")
	g.text(`PK = "CUSTOMER#c-2002", SK = PROFILE, Email = "m.dekker@example.com"`)
	g.keys("j")
	g.text("attribute_not_exists(PK)")
	g.keys("a", "l", "l", "l", "j", "j")
	g.text("CUSTOMER#c-1001")
	g.keys("j")
	g.text("PROFILE")
	g.keys("j")
	g.text("Email <> :e")
	g.keys("j", "j")
	g.text(`:e = "m.dekker@example.com"`)
	g.keys("j", "l", "r")
	g.waitFor("this action failed")
	g.waitFor("last: TransactWriteItems CustomerDocuments · failed")
	g.finish()
}

func TestGoldenTransaction(t *testing.T) { transactionGolden(t, 120, 40) }

func TestGoldenTransactionSmall(t *testing.T) { transactionGolden(t, 80, 24) }

// The PartiQL editor at 120x40: a statement with a parameter on Thread,
// its verdict (a Query) and what running it read and cost.
func TestGoldenPartiQL(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.goToTable("Thread")
	g.waitFor("last: Scan Thread")
	g.keys("3", "M")
	g.waitFor("⚠ Scan of Thread")
	g.keys("j", "enter", "end", " WHERE ForumName = ?", "enter", "j")
	g.text(`"EC2"`)
	g.waitFor("✓ Query on Thread")
	g.keys("r")
	g.waitFor("last: ExecuteStatement Thread")
	g.finish()
}

// The PartiQL editor at 80x24 while the statement is typed: the names
// offered, and the verdict before anything runs (a Scan: the WHERE does
// not name the partition key).
func TestGoldenPartiQLSmall(t *testing.T) {
	g := startGolden(t, 80, 24)
	g.goToTable("Thread")
	g.waitFor("last: Scan Thread")
	g.keys("3", "M")
	g.waitFor("⚠ Scan of Thread")
	g.keys("j", "enter", "end", " WHERE Vi", "tab", " > 100")
	g.waitFor("then keeps Views > 100")
	g.waitFor("Thread: ForumName")
	g.finish()
}

// lessonTen opens the uniqueness lesson and runs its steps in turn, each
// once the one before has shown its result (shows: what each shows).
func lessonTen(g goldenRun, shows ...string) {
	g.keys("7")
	g.waitFor("Lesson 1 of ")
	g.keys("j", "j", "j", "j", "j", "j", "j", "j", "j")
	g.waitFor("Lesson 10 of 12")
	for i, s := range shows {
		if i > 0 {
			g.keys("right")
		}
		g.keys("enter")
		g.waitFor(s)
	}
}

// The uniqueness lesson at 120x40 on its second step: the second sign-up
// with the same email, cancelled, its reasons in request order.
func TestGoldenLessonUniqueness(t *testing.T) {
	g := startGolden(t, 120, 40)
	lessonTen(g, "all written", "ConditionalCheckFailed (this action")
	g.waitFor("last (lesson copy): TransactWriteItems CustomerDocuments · failed")
	g.finish()
}

// The same step at 80x24: the step and its result scroll together, the
// result shown from its start.
func TestGoldenLessonUniquenessSmall(t *testing.T) {
	g := startGolden(t, 80, 24)
	lessonTen(g, "all written", "ConditionalCheckFailed (this")
	g.waitFor("last (lesson copy): TransactWriteItems")
	g.finish()
}

// The lesson's PartiQL step at 120x40: the same lookup with the partition
// key (a Query reading one item) and without (a Scan reading all).
func TestGoldenLessonPartiQLCompare(t *testing.T) {
	g := startGolden(t, 120, 40)
	lessonTen(g, "all written", "ConditionalCheckFailed (this action", "0 items (scanned 0)", "Scan read 21 items")
	g.waitFor("last (lesson copy): ExecuteStatement CustomerDocuments")
	g.finish()
}
