import { Accordion, Table } from '@mantine/core';
import { STATS_GLOSSARY } from '../../../contract/stats';

/** What each number means: the definitions the server computes them by. */
export function Glossary() {
  return (
    <Accordion variant="contained">
      <Accordion.Item value="glossary">
        <Accordion.Control>How these numbers are counted</Accordion.Control>
        <Accordion.Panel>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {STATS_GLOSSARY.map((g) => (
                <Table.Tr key={g.term}>
                  <Table.Th scope="row" w={220} style={{ verticalAlign: 'top' }}>
                    {g.term}
                  </Table.Th>
                  <Table.Td>{g.text}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
