import { useSearchParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { paths } from '../../../config/paths'
import { NewsletterList } from '../../../features/newsletter-admin/components/newsletter-list'
import { SubscriberList } from '../../../features/newsletter-admin/components/subscriber-list'

/** /admin/newsletter: the issues, and the subscribers with their consent (`?tab=subscribers`). */
export default function AdminNewsletterPage() {
  const [search, setSearch] = useSearchParams()
  const tab = search.get('tab') === 'subscribers' ? 'subscribers' : 'issues'
  return (
    <>
      <PageMeta
        title={paths.admin.newsletter.title}
        description="Newsletters to the centre's subscribers."
        path={paths.admin.newsletter.getHref()}
        noindex
      />
      <div className="space-y-5">
        <h1 className="text-2xl font-bold text-stone-900">Newsletter</h1>
        <Tabs
          value={tab}
          onValueChange={(value) => setSearch(value === 'subscribers' ? { tab: 'subscribers' } : {})}
        >
          <TabsList>
            <TabsTrigger value="issues">Issues</TabsTrigger>
            <TabsTrigger value="subscribers">Subscribers</TabsTrigger>
          </TabsList>
          <TabsContent value="issues" className="pt-4">
            <NewsletterList />
          </TabsContent>
          <TabsContent value="subscribers" className="pt-4">
            <SubscriberList />
          </TabsContent>
        </Tabs>
      </div>
    </>
  )
}
