package lessons

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Similar items beside your keys (lesson 13), on the film-catalog data
// set's Films: 3,000 films whose 16-number Embedding is computed from what
// each film is (genre, decade, mood, pace, acclaim). The key answers "this
// film"; a vector index answers "films like this one". The lesson compares
// a key lookup with a similarity search, the three distance functions on
// the same vectors (two more indexes made on the copy), a partitioned index
// (SearchSchema HASH on Genre) with the global one, an inline filter, the
// bytes a search pays to return the vector itself, and the films without a
// vector, left out as a sparse index leaves out items without its key.

// The lesson's table, indexes and film.
const (
	vecTable     = "Films"
	vecGlobal    = "SimilarFilms"   // COSINE, over the whole catalogue
	vecByGenre   = "SimilarInGenre" // COSINE, SearchSchema HASH Genre
	vecEuclidean = "SimilarEuclidean"
	vecDot       = "SimilarDotProduct"
	vecFilm      = "film-0001"
	// vecNoVector is a film of the catalogue without an Embedding
	// (fixtures: one film in 75).
	vecNoVector = "film-0075"
)

var (
	filmVectorsOnce sync.Once
	filmVectors     map[string]model.Item
)

// filmOf is a film of the catalogue as the data set writes it (the
// lesson's search vectors are films' own Embeddings).
func filmOf(id string) model.Item {
	filmVectorsOnce.Do(func() {
		filmVectors = map[string]model.Item{}
		d, ok := fixtures.Get("film-catalog")
		if !ok {
			return
		}
		for _, w := range d.RequestItems()[vecTable] {
			if w.PutRequest != nil {
				filmVectors[w.PutRequest.Item["FilmId"].S] = w.PutRequest.Item
			}
		}
	})
	return filmVectors[id]
}

// search is a SearchVectors request on index with film's Embedding:
// TopK k, the projection proj ("" for the index's), and a condition with
// its values when cond is not "".
func search(index, film string, k int64, proj, cond string, values vals) func(time.Time) any {
	return func(time.Time) any {
		ix := index
		in := &model.SearchVectorsInput{TableName: vecTable, IndexName: &ix, SearchVector: filmOf(film)["Embedding"].L, TopK: &k,
			ProjectionExpression: proj, ReturnConsumedCapacity: model.ReturnCapacityTotal}
		if cond != "" {
			c := cond
			in.SearchConditionExpression = &c
			in.ExpressionAttributeValues = values
		}
		return in
	}
}

// listed is the projection the lesson's searches return: the film, not
// its vector.
const listed = "FilmId, Title, Genre, Decade, Mood"

func similarItems() lesson {
	const ds = "film-catalog"
	genre := filmOf(vecFilm)["Genre"]
	mood := model.S("Dark") // film-0001 is Whimsical: its Dark neighbours
	return lesson{title: "Similar items beside your keys", dataset: ds, table: vecTable, steps: []step{
		{title: "The key answers one question",
			text: "Films is keyed by FilmId. The key finds " + vecFilm + " in one read: half a read unit, whatever the catalogue's size. It cannot find films like " + vecFilm + ": nothing in a key says what a film is like.",
			act:  action{label: "Query Films: FilmId = " + vecFilm, read: example(ds, "one film by its key")}},
		{title: "More like this",
			text: "Each film has an Embedding: 16 numbers computed from its genre, decade, mood, pace and acclaim. The vector index SimilarFilms (COSINE) keeps them, and SearchVectors returns the TopK films nearest a search vector, here " + vecFilm + "'s own: the film itself first (score 0), then its neighbours, best first. The charge is vector search request bytes, not read units: the vectors an approximate search examines (a small part of the index, growing with the logarithm of its size) plus the items returned.",
			act:  action{label: "SearchVectors SimilarFilms: " + vecFilm + "'s Embedding, TopK 10", read: search(vecGlobal, vecFilm, 10, listed, "", nil)}},
		{title: "Two more distances on the same vectors",
			text: "A vector index fixes its distance function. To compare them, the lesson's copy gets two more indexes on Embedding, EUCLIDEAN and DOT_PRODUCT (several indexes on one attribute share its dimensions). Each backfills from the table: every film with a 16-number Embedding goes in.",
			act:  action{label: "UpdateTable Films: create SimilarEuclidean, then SimilarDotProduct", run: addDistanceIndexes}},
		{title: "Cosine, euclidean, dot product",
			text: "The same search on the three indexes. COSINE compares directions only (0 the same, 2 opposite); EUCLIDEAN measures the distance between the points, so a film's length (its acclaim, its pace) counts too — on these vectors, of much the same length, the two agree. DOT_PRODUCT ranks highest first and favours long vectors: films pointing roughly the same way but longer outrank " + vecFilm + " itself, which is not even in its top 5. The cost is the same: the distance does not change what is examined.",
			act: action{label: "SearchVectors on SimilarFilms, SimilarEuclidean, SimilarDotProduct: TopK 5", side: []sideRead{
				{label: "COSINE", read: search(vecGlobal, vecFilm, 5, listed, "", nil)},
				{label: "EUCLIDEAN", read: search(vecEuclidean, vecFilm, 5, listed, "", nil)},
				{label: "DOT_PRODUCT", read: search(vecDot, vecFilm, 5, listed, "", nil)},
			}, show: []string{"FilmId"}}},
		{title: "A partitioned index",
			text: "SimilarInGenre has Genre as its SearchSchema HASH: the index is partitioned by genre, and every search must name one (Genre = :g). It examines only that genre's vectors, about an eighth of the catalogue, so it costs fewer search bytes than the global index, and it can only return films of that genre. Here the global index's ten nearest are Horror films too (the genre weighs most in these vectors): the same answer, for fewer bytes.",
			act: action{label: "SearchVectors SimilarFilms vs SimilarInGenre (Genre = " + genre.S + "): TopK 10", side: []sideRead{
				{label: "global", read: search(vecGlobal, vecFilm, 10, listed, "", nil)},
				{label: "in " + genre.S, read: search(vecByGenre, vecFilm, 10, listed, "Genre = :g", vals{":g": genre})},
			}, show: []string{"FilmId", "Genre"}}},
		{title: "An inline filter",
			text: "Mood is an INLINE_FILTER attribute of SimilarFilms: a SearchConditionExpression may test it (equalities joined by AND; other operators are refused). " + vecFilm + " is Whimsical; its nearest Dark films are further away (higher scores) but the search still returns ten: unlike a Query's FilterExpression, the filter is applied while searching, not to the TopK once found.",
			act:  action{label: "SearchVectors SimilarFilms: Mood = " + mood.S + ", TopK 10", read: search(vecGlobal, vecFilm, 10, listed, "Mood = :m", vals{":m": mood})}},
		{title: "Returning the vector costs bytes",
			text: "The vector attribute is always in its index, and without a ProjectionExpression a search returns it with every result: 16 numbers per film here, up to 4,096 in a real embedding. The bytes returned are part of the charge. Name only what you show.",
			act: action{label: "SearchVectors SimilarFilms, TopK 10: without and with Embedding", side: []sideRead{
				{label: "without", read: search(vecGlobal, vecFilm, 10, "FilmId, Title", "", nil)},
				{label: "with Embedding", read: search(vecGlobal, vecFilm, 10, "FilmId, Title, Embedding", "", nil)},
			}, show: []string{"FilmId"}}},
		{title: "No vector, not in the index",
			text: "Forty films have no Embedding. They are in the table and answer their key, but no vector index holds them: an item is in a vector index only when its vector attribute is a List of exactly the index's dimensions (and, for SimilarInGenre, it has a Genre), as a sparse GSI leaves out items without its key. No search can return them.",
			act:  action{label: "the films SimilarFilms leaves out", leftOut: [2]string{vecTable, vecGlobal}}},
		{title: "Give one a vector",
			text: "Writing an Embedding into " + vecNoVector + " (an Animation film of the 1950s) puts it into every index on the attribute, in the same write: the write is charged vector write request bytes for each index besides its write unit, and the next search finds it. The vector written is " + vecFilm + "'s, so it ties with " + vecFilm + " at score 0: an index searches what the vectors say, not what the items say.",
			act:  action{label: "UpdateItem " + vecNoVector + ": SET Embedding = " + vecFilm + "'s, then SearchVectors", run: giveVector}},
	}}
}

// addDistanceIndexes makes the EUCLIDEAN and DOT_PRODUCT indexes on the
// lesson's copy, one UpdateTable each, each waited for to its end.
func addDistanceIndexes(api engine.API, _ time.Time) *lessonResult {
	res := &lessonResult{title: "UpdateTable Films", changed: true}
	for _, ix := range []struct{ name, dist string }{{vecEuclidean, model.DistanceEuclidean}, {vecDot, model.DistanceDotProduct}} {
		d, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: vecTable})
		if err != nil {
			return &lessonResult{title: res.title, err: kit.AsModelError(err)}
		}
		if (kit.Target{Desc: d.Table, Index: ix.name}).Vector() == nil {
			dims := int64(16)
			_, err = api.UpdateTable(kit.Bg, &model.UpdateTableInput{TableName: vecTable, VectorIndexUpdates: []model.VectorIndexUpdate{{Create: &model.VectorIndex{
				IndexName: ix.name, VectorAttribute: &model.VectorAttributeDefinition{AttributeName: "Embedding"}, Dimensions: &dims,
				DistanceFunction: ix.dist, Projection: &model.Projection{ProjectionType: model.ProjectionInclude, NonKeyAttributes: []string{"Title", "Genre", "Decade", "Mood"}}}}}})
			if err != nil {
				return &lessonResult{title: res.title + ": create " + ix.name, err: kit.AsModelError(err)}
			}
		}
		if w, ok := api.(interface{ WaitBackgroundIndexWork() }); ok {
			w.WaitBackgroundIndexWork()
		}
	}
	d, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: vecTable})
	if err != nil {
		return &lessonResult{title: res.title, err: kit.AsModelError(err)}
	}
	var made []string
	for _, v := range d.Table.VectorIndexes {
		res.rows = append(res.rows, fmt.Sprintf("%-18s %-11s %s · %s of %s items", v.IndexName, v.DistanceFunction, v.IndexStatus,
			kit.FmtInt(v.ItemCount), kit.FmtInt(d.Table.ItemCount)))
		if v.IndexName == vecEuclidean || v.IndexName == vecDot {
			made = append(made, v.IndexName+" "+v.IndexStatus)
		}
	}
	res.title += " · " + strings.Join(made, ", ")
	return res
}

// giveVector writes film-0001's Embedding into a film without one, with
// the capacity itemised per index, then searches with that vector.
func giveVector(api engine.API, _ time.Time) *lessonResult {
	out, err := api.UpdateItem(kit.Bg, &model.UpdateItemInput{TableName: vecTable, Key: model.Item{"FilmId": model.S(vecNoVector)},
		UpdateExpression: "SET Embedding = :v", ConditionExpression: "attribute_exists(FilmId)",
		ExpressionAttributeValues: vals{":v": filmOf(vecFilm)["Embedding"]}, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
	if err != nil {
		return &lessonResult{title: "UpdateItem " + vecNoVector, err: kit.AsModelError(err)}
	}
	write := "✓ UpdateItem " + vecNoVector
	var before []string
	if cc := out.ConsumedCapacity; cc != nil {
		write += " · " + kit.FmtUnits(float64(cc.CapacityUnits)) + " WCU"
		total := 0.0
		for _, n := range kit.SortedKeys(cc.VectorIndexes) {
			if b := cc.VectorIndexes[n].VectorWriteRequestBytes; b != nil {
				before = append(before, fmt.Sprintf("%s: %s vector write request bytes", n, kit.FmtInt(int64(*b))))
				total += *b
			}
		}
		if total == 1024 {
			before = append(before, "(a write's vector bytes are at least 1 KB: what the entries fall short of it is charged to the first index by name)")
		}
	}
	res := doSearch(api, search(vecGlobal, vecFilm, 3, listed, "", nil)(time.Time{}).(*model.SearchVectorsInput))
	res.before = append([]string{write}, before...)
	res.changed = true
	return res
}

// doSearch sends a SearchVectors request and reports the results, their
// scores, and the vector search request bytes with the engine's
// itemised explanation; or DynamoDB's error.
func doSearch(api engine.API, in *model.SearchVectorsInput) *lessonResult {
	where := in.TableName
	if in.IndexName != nil {
		where += "/" + *in.IndexName
	}
	res := &lessonResult{title: "SearchVectors " + where}
	out, err := api.SearchVectors(kit.Bg, in)
	if err != nil {
		res.err = kit.AsModelError(err)
		return res
	}
	res.title += " · " + kit.Plural(int64(len(out.SearchResults)), "result", "")
	if cc := out.ConsumedCapacity; cc != nil && cc.VectorSearchRequestBytes != nil {
		res.title += " · " + kit.FmtInt(int64(*cc.VectorSearchRequestBytes)) + " search bytes"
	}
	res.lines = out.Explain
	var scores []string
	for _, r := range out.SearchResults {
		res.items = append(res.items, r.Item)
		scores = append(scores, fmt.Sprintf("%.4f", r.Score))
	}
	if len(scores) > 0 {
		res.notes = append(res.notes, "scores, best first: "+strings.Join(scores, " "))
	}
	res.tg = describeTarget(api, in.TableName, "")
	return res
}
