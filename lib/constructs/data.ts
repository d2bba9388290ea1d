import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { StackDescription } from '../stack-description.ts';

/** The one table, with the keys and indexes the description names (the local runtime creates the same). */
export class DataTable extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, description: StackDescription['table']) {
    super(scope, id);
    const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: key(description.partitionKey),
      sortKey: key(description.sortKey),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: description.ttlAttribute,
      dynamoStream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: description.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: key(index.pk),
        sortKey: key(index.sk),
        ...(index.projection ? { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] } : {}),
      })),
    });
  }
}
