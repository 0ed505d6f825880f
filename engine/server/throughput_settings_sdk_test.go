package server_test

// On-demand maximum throughput (May 2024) and warm throughput (November
// 2024) through the endpoint with the SDK: accepted, described, validated
// with DynamoDB's texts (docs/FIDELITY.md, "On-demand maximum and warm
// throughput").

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

func odt(r, w *int64) *types.OnDemandThroughput {
	return &types.OnDemandThroughput{MaxReadRequestUnits: r, MaxWriteRequestUnits: w}
}

func warm(r, w *int64) *types.WarmThroughput {
	return &types.WarmThroughput{ReadUnitsPerSecond: r, WriteUnitsPerSecond: w}
}

func pprTable(name string) *dynamodb.CreateTableInput {
	return &dynamodb.CreateTableInput{TableName: str(name), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)},
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)}}
}

func provTable(name string, r, w int64) *dynamodb.CreateTableInput {
	in := pprTable(name)
	in.BillingMode = types.BillingModeProvisioned
	in.ProvisionedThroughput = &types.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
	return in
}

func withGSI(in *dynamodb.CreateTableInput, g types.GlobalSecondaryIndex) *dynamodb.CreateTableInput {
	in.AttributeDefinitions = append(in.AttributeDefinitions, keyDef("g", types.ScalarAttributeTypeS))
	g.IndexName = str("byG")
	g.KeySchema = []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)}
	g.Projection = &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}
	in.GlobalSecondaryIndexes = []types.GlobalSecondaryIndex{g}
	return in
}

func TestSDKOnDemandThroughputCreateTable(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	refused := []struct {
		name string
		in   *dynamodb.CreateTableInput
		code string
		msg  string
	}{
		{"on a provisioned table", func() *dynamodb.CreateTableInput {
			in := provTable("tbl", 5, 5)
			in.OnDemandThroughput = odt(int64p(10), nil)
			return in
		}(), "ValidationException", "One or more parameter values were invalid: MaxReadRequestUnits for OnDemandThroughput cannot be specified when table BillingMode is PROVISIONED."},
		{"write only on a provisioned table", func() *dynamodb.CreateTableInput {
			in := provTable("tbl", 5, 5)
			in.OnDemandThroughput = odt(nil, int64p(10))
			return in
		}(), "ValidationException", "One or more parameter values were invalid: MaxWriteRequestUnits for OnDemandThroughput cannot be specified when table BillingMode is PROVISIONED."},
		{"zero", func() *dynamodb.CreateTableInput {
			in := pprTable("tbl")
			in.OnDemandThroughput = odt(int64p(0), int64p(0))
			return in
		}(), "ValidationException", "One or more parameter values were invalid: Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of valid range"},
		{"-1 at create", func() *dynamodb.CreateTableInput {
			in := pprTable("tbl")
			in.OnDemandThroughput = odt(nil, int64p(-1))
			return in
		}(), "ValidationException", "One or more parameter values were invalid: Requested MaxWriteRequestUnits for OnDemandThroughput for table is outside of valid range"},
		{"above the table quota", func() *dynamodb.CreateTableInput {
			in := pprTable("tbl")
			in.OnDemandThroughput = odt(int64p(40001), nil)
			return in
		}(), "LimitExceededException", "Subscriber limit exceeded: Requested MaxReadRequestUnits for OnDemandThroughput for table exceeds TableMaxReadCapacityUnits of the account in region us-east-1"},
		{"GSI out of range", withGSI(pprTable("tbl"), types.GlobalSecondaryIndex{OnDemandThroughput: odt(int64p(-1), nil)}),
			"ValidationException", "One or more parameter values were invalid: Requested MaxReadRequestUnits for OnDemandThroughput for index : byG is outside of valid range"},
		{"GSI of a provisioned table", withGSI(provTable("tbl", 5, 5), types.GlobalSecondaryIndex{OnDemandThroughput: odt(int64p(10), nil),
			ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: int64p(1), WriteCapacityUnits: int64p(1)}}),
			"ValidationException", "One or more parameter values were invalid: MaxReadRequestUnits for OnDemandThroughput for index: byG cannot be specified when table BillingMode is PROVISIONED."},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.c.CreateTable(bg, tc.in)
			wantAPIError(t, err, tc.code, tc.msg)
		})
	}
	// Accepted: the members given are described; a GSI's maximum is its
	// own.
	in := withGSI(pprTable("capped"), types.GlobalSecondaryIndex{OnDemandThroughput: odt(int64p(50), int64p(50))})
	in.OnDemandThroughput = odt(int64p(100), nil)
	out, err := s.c.CreateTable(bg, in)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, out.TableDescription.OnDemandThroughput); got != `{"MaxReadRequestUnits":100,"MaxWriteRequestUnits":null}` {
		t.Errorf("OnDemandThroughput %s", got)
	}
	d := sdkDescribe(t, s.c, "capped")
	if got := jsonOf(t, d.GlobalSecondaryIndexes[0].OnDemandThroughput); got != `{"MaxReadRequestUnits":50,"MaxWriteRequestUnits":50}` {
		t.Errorf("GSI OnDemandThroughput %s", got)
	}
	// An empty OnDemandThroughput is accepted and describes as none.
	in = pprTable("empty")
	in.OnDemandThroughput = odt(nil, nil)
	if _, err := s.c.CreateTable(bg, in); err != nil {
		t.Fatal(err)
	}
	if d := sdkDescribe(t, s.c, "empty"); d.OnDemandThroughput != nil {
		t.Errorf("empty OnDemandThroughput described as %s", jsonOf(t, d.OnDemandThroughput))
	}
}

func TestSDKOnDemandThroughputUpdateTable(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	createTable(t, s.c, "odt")
	update := func(o *types.OnDemandThroughput) (*types.TableDescription, error) {
		out, err := s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("odt"), OnDemandThroughput: o})
		if err != nil {
			return nil, err
		}
		return out.TableDescription, nil
	}
	steps := []struct {
		set            *types.OnDemandThroughput
		reply, describ string
	}{
		{odt(int64p(1000), int64p(500)), `{"MaxReadRequestUnits":1000,"MaxWriteRequestUnits":500}`, `{"MaxReadRequestUnits":1000,"MaxWriteRequestUnits":500}`},
		{odt(int64p(2000), nil), `{"MaxReadRequestUnits":2000,"MaxWriteRequestUnits":500}`, `{"MaxReadRequestUnits":2000,"MaxWriteRequestUnits":500}`},
		// -1 removes a maximum: echoed in the reply, gone from DescribeTable.
		{odt(int64p(-1), nil), `{"MaxReadRequestUnits":-1,"MaxWriteRequestUnits":500}`, `{"MaxReadRequestUnits":null,"MaxWriteRequestUnits":500}`},
		{odt(nil, int64p(-1)), `{"MaxReadRequestUnits":null,"MaxWriteRequestUnits":-1}`, `null`},
	}
	for i, st := range steps {
		d, err := update(st.set)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := jsonOf(t, d.OnDemandThroughput); got != st.reply || d.TableStatus != types.TableStatusActive {
			t.Errorf("step %d reply %s %s, want %s ACTIVE", i, got, d.TableStatus, st.reply)
		}
		if got := jsonOf(t, sdkDescribe(t, s.c, "odt").OnDemandThroughput); got != st.describ {
			t.Errorf("step %d DescribeTable %s, want %s", i, got, st.describ)
		}
	}
	_, err := update(odt(nil, int64p(0)))
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Requested MaxWriteRequestUnits for OnDemandThroughput for table is outside of valid range")
	_, err = update(odt(int64p(-2), nil))
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of valid range")
	_, err = s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("odt"), OnDemandThroughput: odt(int64p(10), nil), DeletionProtectionEnabled: boolPtr(true)})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: OnDemandThroughput can only be combined with BillingMode in an UpdateTable request")
	// On a provisioned table.
	if _, err := s.c.CreateTable(bg, provTable("prov", 5, 5)); err != nil {
		t.Fatal(err)
	}
	_, err = s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("prov"), OnDemandThroughput: odt(int64p(100), int64p(100))})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: MaxReadRequestUnits for OnDemandThroughput cannot be specified when the table BillingMode is PROVISIONED")
	// ... but with the switch to PAY_PER_REQUEST in the same call.
	out, err := s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("prov"), BillingMode: types.BillingModePayPerRequest,
		OnDemandThroughput: odt(int64p(100), int64p(100))})
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, out.TableDescription.OnDemandThroughput); got != `{"MaxReadRequestUnits":100,"MaxWriteRequestUnits":100}` {
		t.Errorf("switch reply %s", got)
	}
	// A switch back to provisioned drops the maxima.
	waitActive(t, s.c, "prov")
	if _, err := s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("prov"), BillingMode: types.BillingModeProvisioned,
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: int64p(5), WriteCapacityUnits: int64p(5)}}); err != nil {
		t.Fatal(err)
	}
	if d := sdkDescribe(t, s.c, "prov"); d.OnDemandThroughput != nil {
		t.Errorf("after the switch to PROVISIONED: %s", jsonOf(t, d.OnDemandThroughput))
	}
	// UpdateTable with nothing to do names every parameter it could take.
	_, err = s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("odt")})
	wantAPIError(t, err, "ValidationException", "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required")
}

func TestSDKOnDemandThroughputGSIUpdate(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	if _, err := s.c.CreateTable(bg, withGSI(pprTable("odt"), types.GlobalSecondaryIndex{})); err != nil {
		t.Fatal(err)
	}
	upd := func(u types.UpdateGlobalSecondaryIndexAction) error {
		u.IndexName = str("byG")
		_, err := s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("odt"),
			GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Update: &u}}})
		return err
	}
	if err := upd(types.UpdateGlobalSecondaryIndexAction{OnDemandThroughput: odt(int64p(6000), int64p(5000))}); err != nil {
		t.Fatal(err)
	}
	// A partial update keeps the other member.
	if err := upd(types.UpdateGlobalSecondaryIndexAction{OnDemandThroughput: odt(int64p(7000), nil)}); err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, sdkDescribe(t, s.c, "odt").GlobalSecondaryIndexes[0].OnDemandThroughput); got != `{"MaxReadRequestUnits":7000,"MaxWriteRequestUnits":5000}` {
		t.Errorf("GSI OnDemandThroughput %s", got)
	}
	wantAPIError(t, upd(types.UpdateGlobalSecondaryIndexAction{OnDemandThroughput: odt(int64p(0), nil)}), "ValidationException",
		"One or more parameter values were invalid: Requested MaxReadRequestUnits for OnDemandThroughput for index : byG is outside of valid range")
	wantAPIError(t, upd(types.UpdateGlobalSecondaryIndexAction{OnDemandThroughput: odt(int64p(40001), nil)}), "LimitExceededException",
		"Subscriber limit exceeded: Requested MaxReadRequestUnits for OnDemandThroughput for index : byG exceeds TableMaxReadCapacityUnits of the account in region us-east-1")
}

func TestSDKWarmThroughput(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	// Described on every table: on-demand 12,000/4,000; provisioned, its
	// units. CreateTable's reply has it only when it was given.
	out, err := s.c.CreateTable(bg, withGSI(pprTable("ppr"), types.GlobalSecondaryIndex{}))
	if err != nil {
		t.Fatal(err)
	}
	if out.TableDescription.WarmThroughput != nil {
		t.Errorf("CreateTable reply without WarmThroughput given: %s", jsonOf(t, out.TableDescription.WarmThroughput))
	}
	d := sdkDescribe(t, s.c, "ppr")
	if got := jsonOf(t, d.WarmThroughput); got != `{"ReadUnitsPerSecond":12000,"Status":"ACTIVE","WriteUnitsPerSecond":4000}` {
		t.Errorf("on-demand default %s", got)
	}
	if got := jsonOf(t, d.GlobalSecondaryIndexes[0].WarmThroughput); got != `{"ReadUnitsPerSecond":12000,"Status":"ACTIVE","WriteUnitsPerSecond":4000}` {
		t.Errorf("on-demand GSI default %s", got)
	}
	if _, err := s.c.CreateTable(bg, provTable("prov", 5, 7)); err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, sdkDescribe(t, s.c, "prov").WarmThroughput); got != `{"ReadUnitsPerSecond":5,"Status":"ACTIVE","WriteUnitsPerSecond":7}` {
		t.Errorf("provisioned default %s", got)
	}

	refused := []struct {
		name string
		in   *dynamodb.CreateTableInput
		msg  string
	}{
		{"below the on-demand start", func() *dynamodb.CreateTableInput {
			in := pprTable("tbl")
			in.WarmThroughput = warm(int64p(1), int64p(1))
			return in
		}(), "One or more parameter values were invalid: Requested ReadUnitsPerSecond for WarmThroughput for table is lower than initial throughput for OnDemand. See: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html#on-demand-capacity-mode-initial"},
		{"below the provisioned units", func() *dynamodb.CreateTableInput {
			in := provTable("tbl", 10, 10)
			in.WarmThroughput = warm(int64p(5), int64p(5))
			return in
		}(), "One or more parameter values were invalid: Requested ReadUnitsPerSecond for WarmThroughput for table is lower than ReadCapacityUnits of ProvisionedThroughput"},
		{"GSI below the on-demand start", withGSI(pprTable("tbl"), types.GlobalSecondaryIndex{WarmThroughput: warm(nil, int64p(3999))}),
			"One or more parameter values were invalid: Requested WriteUnitsPerSecond for WarmThroughput for index byG is lower than initial throughput for OnDemand. See: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html#on-demand-capacity-mode-initial"},
	}
	for _, tc := range refused {
		_, err := s.c.CreateTable(bg, tc.in)
		wantAPIError(t, err, "ValidationException", tc.msg)
	}
	// Given at creation: echoed UPDATING, then ACTIVE; a member left out
	// keeps the default.
	in := pprTable("warm")
	in.WarmThroughput = warm(int64p(12001), nil)
	out, err = s.c.CreateTable(bg, in)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, out.TableDescription.WarmThroughput); got != `{"ReadUnitsPerSecond":12001,"Status":"UPDATING","WriteUnitsPerSecond":4000}` {
		t.Errorf("CreateTable reply %s", got)
	}
	waitActive(t, s.c, "warm")
	if got := jsonOf(t, sdkDescribe(t, s.c, "warm").WarmThroughput); got != `{"ReadUnitsPerSecond":12001,"Status":"ACTIVE","WriteUnitsPerSecond":4000}` {
		t.Errorf("described %s", got)
	}
	// Raised: the reply shows the old values UPDATING, the table stays
	// ACTIVE; lowered: refused.
	up, err := s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("warm"), WarmThroughput: warm(int64p(20000), int64p(8000))})
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, up.TableDescription.WarmThroughput); got != `{"ReadUnitsPerSecond":12001,"Status":"UPDATING","WriteUnitsPerSecond":4000}` || up.TableDescription.TableStatus != types.TableStatusActive {
		t.Errorf("UpdateTable reply %s %s", got, up.TableDescription.TableStatus)
	}
	if got := jsonOf(t, sdkDescribe(t, s.c, "warm").WarmThroughput); got != `{"ReadUnitsPerSecond":20000,"Status":"ACTIVE","WriteUnitsPerSecond":8000}` {
		t.Errorf("after the raise %s", got)
	}
	_, err = s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("warm"), WarmThroughput: warm(nil, int64p(7999))})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Requested WriteUnitsPerSecond for WarmThroughput for table is lower than current WarmThroughput, decreasing WarmThroughput is not supported")
	_, err = s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("warm"), WarmThroughput: warm(int64p(30000), nil), DeletionProtectionEnabled: boolPtr(true)})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: WarmThroughput must be the only operation in the request")
	// A provisioned table's warm throughput follows the highest units it
	// was provisioned with.
	for _, u := range []int64{50, 10} {
		waitActive(t, s.c, "prov")
		if _, err := s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("prov"),
			ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: &u, WriteCapacityUnits: &u}}); err != nil {
			t.Fatal(err)
		}
	}
	if got := jsonOf(t, sdkDescribe(t, s.c, "prov").WarmThroughput); got != `{"ReadUnitsPerSecond":50,"Status":"ACTIVE","WriteUnitsPerSecond":50}` {
		t.Errorf("provisioned after 50 then 10: %s", got)
	}
	// A GSI's warm throughput is raised through GlobalSecondaryIndexUpdates.
	_, err = s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("ppr"), GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{
		{Update: &types.UpdateGlobalSecondaryIndexAction{IndexName: str("byG"), WarmThroughput: warm(int64p(11000), nil)}}}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Requested ReadUnitsPerSecond for WarmThroughput for index byG is lower than current WarmThroughput, decreasing WarmThroughput is not supported")
	if _, err = s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("ppr"), GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{
		{Update: &types.UpdateGlobalSecondaryIndexAction{IndexName: str("byG"), WarmThroughput: warm(int64p(15000), nil)}}}}); err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, sdkDescribe(t, s.c, "ppr").GlobalSecondaryIndexes[0].WarmThroughput); got != `{"ReadUnitsPerSecond":15000,"Status":"ACTIVE","WriteUnitsPerSecond":4000}` {
		t.Errorf("GSI after the raise %s", got)
	}
}

// TestSDKWarmTableTakesABurst: warm throughput is what a table can serve at
// once, so it sets the partitions. A cold provisioned table of 1,999 WCU
// has two partitions and throttles a burst of 3,000 writes spread over
// 3,000 keys at the partitions' 1,000 WCU each (its burst capacity would
// pay for them); the same table warmed to 4,000 writes a second has four
// and takes the burst.
func TestSDKWarmTableTakesABurst(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	if _, err := s.c.CreateTable(bg, provTable("cold", 3, 1999)); err != nil {
		t.Fatal(err)
	}
	in := provTable("warmed", 3, 1999)
	in.WarmThroughput = warm(nil, int64p(4000))
	if _, err := s.c.CreateTable(bg, in); err != nil {
		t.Fatal(err)
	}
	waitActive(t, s.c, "warmed")
	burst := func(table string) (int, error) {
		for i := range 3000 {
			if err := putPK(s, table, fmt.Sprintf("key-%d", i), nil); err != nil {
				return i, err
			}
		}
		return 3000, nil
	}
	n, err := burst("cold")
	if err == nil {
		t.Fatal("the cold table took the whole burst")
	}
	if _, _, reasons := throttleReasons(t, err); n < 1000 || n >= 2000 || !slices.Equal(reasons, []string{"TableWriteKeyRangeThroughputExceeded " + tableArnPrefix + "cold"}) {
		t.Errorf("cold table: throttled after %d writes, %v", n, reasons)
	}
	if n, err := burst("warmed"); err != nil {
		t.Errorf("warmed table throttled after %d writes: %v", n, err)
	}
	if got := len(s.eng.Meter().Series("warmed", time.Time{}).Partitions); got != 4 {
		t.Errorf("warmed table has %d partitions, want 4", got)
	}
}
